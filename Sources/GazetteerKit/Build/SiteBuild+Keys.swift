import Foundation
import Hashing
import Load
import Images
import Model
import Render
import Incremental

extension SiteBuild {
    /// What makes the same inputs give the same outputs: the manifest format, the gazetteer
    /// version and the executable itself. Thumbnail plans are reused only under the same key.
    static func engineKey() -> String {
        var key = KeyBuilder()
        key.add(BuildManifest.formatVersion)
        key.add(GazetteerVersion.current)
        key.add(FileStamp.executable)
        return key.digest
    }

    /// What every page depends on besides its own inputs: the engine, the settings file, the
    /// theme folder and the site folder.
    static func globalKey(_ scan: SiteLoader.Scan, engine: String) -> String {
        var key = KeyBuilder()
        key.add(engine)
        key.add(scan.configFile?.text ?? "no settings file")
        key.add(scan.theme.directory.path)
        key.add(scan.root.path)
        return key.digest
    }

    /// What this build read, with the stamps taken before reading, and the output as written.
    static func watch(scan: SiteLoader.Scan, entries: [ContentEntry], contentFolders: [String], planner: ImagePlanner,
                      output: BuildManifest.OutputState) -> InputWatch {
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

/// Bytes to hash, each part length-prefixed so that no two sequences of parts collide.
struct KeyBuilder {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func add(_ number: Int) {
        withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ stamp: FileStamp?) {
        guard let stamp else { return add(-1) }
        for value in [Int64(bitPattern: stamp.device), Int64(bitPattern: stamp.inode), stamp.size, stamp.modified, stamp.changed] {
            add(Int(value))
        }
    }

    var digest: String { ContentHash.sha256Hex(bytes) }
}
