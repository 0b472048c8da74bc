import Foundation
import Diagnostics

/// Resolves paths written in content (front matter image paths, Markdown links and images)
/// the way Markdown previews do: relative to the file that names them, or from `content/`
/// when they start with `/`. Nothing may reach outside the site folder, not even through
/// a symlink.
package struct ContentPath: Sendable {
    /// The site folder, symlinks resolved.
    package var root: URL

    package init(root: URL) {
        self.root = root
    }

    package enum Failure: Error, Equatable {
        case outsideSite
        case missing
        case notAFile
        case isURL
        /// Folders parted by `\` (`flags\peru.png`); `meant` is the path with forward slashes.
        case backslashes(meant: String)
        /// A path of the editor's computer, not of the site (`C:\flags\peru.png`, `~/peru.png`).
        case computerPath
        /// A path from `/` that names no folder of `content/` (`/home/me/peru.png`): written
        /// from the computer's root. `meant` is the same path without a leading `/content`
        /// when that file exists (`/content/countries/flags/peru.png`).
        case fromComputerRoot(meant: String?)
    }

    /// The file `written` names, seen from the content file at site-relative `from`. A name
    /// written in the other Unicode form than the file's (`são.jpg` composed in the text,
    /// decomposed on disk as macOS writes it, or the reverse) names that file.
    package func resolve(_ written: String, from: String) -> Result<URL, Failure> {
        if written.contains("://") || written.hasPrefix("//") { return .failure(.isURL) }
        if Self.isComputerPath(written) { return .failure(.computerPath) }
        let base = written.hasPrefix("/")
            ? root.appending(path: "content")
            : root.appending(path: from).deletingLastPathComponent()
        let relative = written.hasPrefix("/") ? String(written.drop(while: { $0 == "/" })) : written
        let candidate = base.appending(path: relative).standardizedFileURL
        guard isInside(candidate) else { return .failure(.outsideSite) }
        switch check(candidate) {
        case .failure(.missing):
            if let found = sameNameInNFC(candidate) { return check(found) }
            // `/robots.txt`: from content/ first, then from static/ (published at the root).
            if written.hasPrefix("/"), case .success(let url) = resolveStatic(relative) { return .success(url) }
            if written.contains("\\") {
                return .failure(.backslashes(meant: written.replacingOccurrences(of: "\\", with: "/")))
            }
            // `/home/me/peru.png`: a folder that is not in content/, nor a typo away from one.
            let folders = relative.split(separator: "/").map(String.init)
            if written.hasPrefix("/"), folders.count > 1, sameNameInNFC(base.appending(path: folders[0])) == nil,
               NameSuggestion.closest(to: folders[0], in: (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []) == nil {
                let inner = written.hasPrefix("/content/") ? String(written.dropFirst("/content".count)) : nil
                let meant = inner.flatMap { try? resolve($0, from: from).get() } != nil ? inner : nil
                return .failure(.fromComputerRoot(meant: meant))
            }
            return .failure(.missing)
        case let result: return result
        }
    }

    /// The file of `static/` at `relative`, if there is one.
    private func resolveStatic(_ relative: String) -> Result<URL, Failure> {
        let candidate = root.appending(path: SiteLoader.staticFolder).appending(path: relative).standardizedFileURL
        guard isInside(candidate) else { return .failure(.outsideSite) }
        if case .failure(.missing) = check(candidate), let found = sameNameInNFC(candidate) { return check(found) }
        return check(candidate)
    }

    /// `candidate` if it is a file inside the site, symlinks followed.
    private func check(_ candidate: URL) -> Result<URL, Failure> {
        let real = candidate.resolvingSymlinksInPath()
        guard isInside(real) else { return .failure(.outsideSite) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory) else { return .failure(.missing) }
        if isDirectory.boolValue { return .failure(.notAFile) }
        return .success(candidate)
    }

    /// The file `candidate` names when its folders' and its own names are compared in NFC
    /// (the file system compares bytes), each as it is on disk; nil when there is none.
    private func sameNameInNFC(_ candidate: URL) -> URL? {
        var path = root.path
        for part in candidate.path.dropFirst(root.path.count).split(separator: "/").map(String.init) {
            if exists(URL(fileURLWithPath: path + "/" + part)) {
                path += "/" + part
                continue
            }
            let composed = part.precomposedStringWithCanonicalMapping
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path),
                  let name = names.sorted().first(where: {
                      $0.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(composed.unicodeScalars)
                  }) else { return nil }
            path += "/" + name
        }
        return URL(fileURLWithPath: path)
    }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// A Windows path (`C:\flags\peru.png`, `C:/flags/peru.png`) or one from a home folder (`~/peru.png`).
    private static func isComputerPath(_ written: String) -> Bool {
        if written.hasPrefix("~/") || written.hasPrefix("~\\") { return true }
        let bytes = Array(written.utf8.prefix(3))
        return bytes.count == 3 && bytes[0] < 0x80 && Character(Unicode.Scalar(bytes[0])).isLetter
            && bytes[1] == UInt8(ascii: ":") && (bytes[2] == UInt8(ascii: "\\") || bytes[2] == UInt8(ascii: "/"))
    }

    /// The site-relative path `written` names from the content file at site-relative `from`,
    /// worked out on the text alone, or nil when the text is not a plain relative or
    /// `/`-rooted path of letters, digits, `-`, `_`, `.` and `/`, or climbs out of the site.
    /// For a file known to be a regular file in real folders, `resolve` would give the same.
    package static func lexical(_ written: String, from: String) -> String? {
        // On the bytes, with no array per part: every link of every body a build renders comes here.
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var path: [UInt8] = []
        path.reserveCapacity(from.utf8.count + written.utf8.count)
        // Where each part of `path` starts (the parts joined by slashes).
        var starts: [Int] = []
        let utf8 = written.utf8
        let rooted = utf8.first == slash
        if rooted {
            starts.append(0)
            path.append(contentsOf: "content".utf8)
        } else if let last = from.utf8.lastIndex(of: slash) {
            // The folders of `from`: each part before its last slash.
            starts.append(0)
            for byte in from.utf8[..<last] {
                path.append(byte)
                if byte == slash { starts.append(path.count) }
            }
        }
        var at = rooted ? utf8.index(after: utf8.startIndex) : utf8.startIndex
        while true {
            let end = utf8[at...].firstIndex(of: slash) ?? utf8.endIndex
            let part = utf8[at..<end]
            guard !part.isEmpty, part.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == dot
            }) else { return nil }
            if part.count == 2, part.allSatisfy({ $0 == dot }) {
                guard let start = starts.popLast() else { return nil }
                path.removeSubrange((starts.isEmpty ? start : start - 1)...)
            } else if part.count != 1 || part.first != dot {
                if !starts.isEmpty { path.append(slash) }
                starts.append(path.count)
                path.append(contentsOf: part)
            }
            guard end != utf8.endIndex else { break }
            at = utf8.index(after: end)
        }
        return starts.isEmpty ? nil : String(decoding: path, as: UTF8.self)
    }

    /// `url` as a path relative to the site folder (`content/cities/madrid.md`).
    /// The path relative to the site folder, or the absolute path of a file outside it.
    package func siteRelative(_ url: URL) -> String {
        guard isInside(url) else { return url.standardizedFileURL.path }
        return String(url.standardizedFileURL.path.dropFirst(root.path.count).drop(while: { $0 == "/" }))
    }

    /// For a file `written` names that does not exist: ` (did you mean "flags/peru.png"?)`
    /// when a file beside it differs only in case, in its ending, or by a typo (in its name
    /// or its folder's), else "".
    package func missingHint(_ written: String, from: String) -> String {
        let base = written.hasPrefix("/") ? root.appending(path: "content") : root.appending(path: from).deletingLastPathComponent()
        let relative = written.hasPrefix("/") ? String(written.drop(while: { $0 == "/" })) : written
        let target = base.appending(path: relative).standardizedFileURL
        let folder = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        let writtenFolder = (written as NSString).deletingLastPathComponent
        func shown(_ replacement: String, folder: String = writtenFolder) -> String {
            " (did you mean \"\(folder.isEmpty ? replacement : (folder as NSString).appendingPathComponent(replacement))\"?)"
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let files = names.filter { !$0.hasPrefix(".") }
            if let same = files.first(where: { $0.lowercased() == name.lowercased() }) { return shown(same) }
            let stem = (name as NSString).deletingPathExtension.lowercased()
            if let other = files.sorted().first(where: { ($0 as NSString).deletingPathExtension.lowercased() == stem }) {
                return shown(other)
            }
            return NameSuggestion.closest(to: name, in: files).map { shown($0) } ?? ""
        }
        // The folder itself is missing: a typo in its name?
        let parent = folder.deletingLastPathComponent()
        guard isInside(folder), let siblings = try? FileManager.default.contentsOfDirectory(atPath: parent.path),
              let meant = NameSuggestion.closest(to: folder.lastPathComponent, in: siblings.filter { !$0.hasPrefix(".") }),
              FileManager.default.fileExists(atPath: parent.appending(path: meant).appending(path: name).path) else { return "" }
        let upper = (writtenFolder as NSString).deletingLastPathComponent
        return shown(name, folder: upper.isEmpty ? meant : (upper as NSString).appendingPathComponent(meant))
    }

    private func isInside(_ url: URL) -> Bool {
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/")
    }
}

extension ContentPath.Failure {
    /// The message for a path that failed, naming what was written.
    package func message(for written: String, what: String) -> String {
        let how = "write its path with forward slashes, relative to this file or starting with / from content/"
        return switch self {
        case .outsideSite: "\(what) \"\(written)\" is outside the site folder"
        case .missing: "\(what) \"\(written)\" does not exist"
        case .notAFile: "\(what) \"\(written)\" is a folder, not a file"
        case .isURL: "\(what) \"\(written)\" must be a file in the site, not a URL"
        case .backslashes(let meant):
            "\(what) \"\(written)\" has backslashes: \(how) (\"\(meant)\")"
        case .computerPath:
            "\(what) \"\(written)\" is a path on the computer, not in the site: put the file in the site and \(how)"
        case .fromComputerRoot(let meant?):
            "\(what) \"\(written)\" does not exist: a path starting with / starts from content/ (did you mean \"\(meant)\"?)"
        case .fromComputerRoot(nil):
            "\(what) \"\(written)\" does not exist: a path starting with / starts from content/, not from the computer's root "
                + "(put the file in the site and write its path relative to this file or from content/)"
        }
    }
}
