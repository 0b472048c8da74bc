import Foundation
import Mustache
import Hashing
import Diagnostics

/// The load stage: lists the site folder (see `scan`) and reads its settings file and theme.
/// Text files must be UTF-8; every unreadable file is reported, not just the first.
package enum SiteLoader {
    package static func isDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    package static func readText(_ path: String, root: URL, errors: inout [Diagnostic]) -> SourceFile? {
        guard let data = FileManager.default.contents(atPath: root.appending(path: path).path) else {
            errors.append(Diagnostic("cannot read this file", at: SourceLocation(path: path)))
            return nil
        }
        do throws(DiagnosticList) {
            return try SourceFile(path: path, contents: data)
        } catch {
            errors += error.diagnostics
            return nil
        }
    }

    /// Reads the theme made of `layers`, each a folder and how messages name it: a file of a
    /// later layer replaces the file of the same path in an earlier one.
    package static func readTheme(layers: [(folder: URL, displayName: String)], errors: inout [Diagnostic]) -> Theme {
        var chosen: [String: (url: URL, shown: String)] = [:]
        // The words files of every layer, not only the last: a guide's words/fr.yaml names only
        // the words it changes (see `Theme.words`).
        var words: [SourceFile] = []
        for layer in layers {
            for relative in files(in: layer.folder) {
                let shown = layer.displayName == "templates" ? "templates/\(relative)" : "\(layer.displayName) \(relative)"
                chosen[relative] = (layer.folder.appending(path: relative), shown)
                if Theme.wordsLanguage(ofPath: relative) != nil {
                    let data = FileManager.default.contents(atPath: layer.folder.appending(path: relative).path) ?? Data()
                    do throws(DiagnosticList) {
                        words.append(try SourceFile(path: shown, contents: data))
                    } catch {
                        errors += error.diagnostics
                    }
                }
            }
        }
        var templates: [TemplateSource] = []
        var assets: [String] = []
        for relative in chosen.keys.sorted() {
            let (url, shown) = chosen[relative]!
            if relative.hasPrefix("assets/") {
                assets.append(relative)
            } else if relative.hasSuffix(".mustache") {
                let data = FileManager.default.contents(atPath: url.path) ?? Data()
                guard let text = String(validating: data, as: UTF8.self) else {
                    errors.append(Diagnostic("this template is not valid UTF-8 text", at: SourceLocation(path: shown)))
                    continue
                }
                templates.append(TemplateSource(name: String(relative.dropLast(".mustache".count)), path: shown, text: text))
            }
        }
        let top = layers.last!
        return Theme(directory: top.folder, displayName: top.displayName, templates: templates, assets: assets,
                     files: chosen.mapValues(\.url), words: words)
    }

    /// The regular files under `folder` (symlinks followed only within it), relative, sorted.
    private static func files(in folder: URL) -> [String] {
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [String] = []
        while let url = walker?.nextObject() as? URL {
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let resolved = url.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(prefix) || url.path.hasPrefix(prefix) else { continue }
            files.append(String(url.path.dropFirst(prefix.count)))
        }
        return files.sorted()
    }

    /// Writes the built-in theme once into the cache, in a folder named by its content hash,
    /// so its placeholder pictures can be thumbnailed like any file.
    package static func extractDefaultTheme(into cache: URL) throws -> URL {
        let files = DefaultTheme.files
        var digest: [UInt8] = []
        for file in files { digest += Array(file.path.utf8) + [0] + Array(file.data) + [0] }
        let folder = cache.appending(path: "default-theme-\(ContentHash.sha256Hex(digest).prefix(12))")
        let marker = folder.appending(path: ".complete")
        if FileManager.default.fileExists(atPath: marker.path) { return folder }
        let staging = cache.appending(path: ".default-theme-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: staging)
        for file in files {
            let target = staging.appending(path: file.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: target)
        }
        try Data().write(to: staging.appending(path: ".complete"))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.moveItem(at: staging, to: folder)
        return folder
    }
}
