import Foundation
import Load
import Images
import Model
import Render
import Incremental

extension SiteBuild {
    /// What makes the same inputs give the same outputs: the manifest format, the gazetteer
    /// version and the executable itself (its version: `FileStamp.executableVersion`). Thumbnail plans are reused only under the same key.
    static func engineKey() -> String {
        var key = PageKeyHasher()
        key.add(BuildManifest.formatVersion)
        key.add(GazetteerVersion.current)
        key.add(FileStamp.executableVersion)
        return key.key.hex
    }

    /// What every page depends on besides its own inputs: the engine, the settings file, the
    /// theme folder and the site folder.
    static func globalKey(_ scan: SiteLoader.Scan, engine: String) -> String {
        var key = PageKeyHasher()
        key.add(engine)
        key.add(scan.configFile?.text ?? "no settings file")
        key.add(scan.theme.directory.path)
        key.add(scan.root.path)
        return key.key.hex
    }

    /// What this build read, with the stamps taken before reading, and the output as written.
    func watch(_ content: Content, output: BuildManifest.OutputState) -> InputWatch {
        let (scan, entries, contentFolders, planner) = (inputs.scan, content.entries, content.contentFolders, inputs.planner)
        var images: Set<String> = []
        for entry in entries {
            images.insert(entry.image.path)
            images.formUnion(entry.bodyImages)
            images.formUnion(entry.files)
        }
        var watch = InputWatch()
        watch.source = scan.root.path
        watch.output = output.path
        watch.add(FileStamp.executablePath ?? "/", file: FileStamp.executable)
        for (path, state) in scan.watched { watch.add(path, state) }
        let watchedPaths = Set(scan.watched.map(\.path))
        for folder in contentFolders where !watchedPaths.contains(folder) { watch.add(folder, PathState.of(folder)) }
        for file in scan.content { watch.add(scan.root.path + "/" + file.path, file: file.stamp) }
        for path in images { watch.add(path, file: planner.stamp(of: path)) }
        for (folder, stamp) in output.folders {
            watch.add(folder.isEmpty ? output.path : output.path + "/" + folder, .folder(stamp))
        }
        return watch
    }
}
