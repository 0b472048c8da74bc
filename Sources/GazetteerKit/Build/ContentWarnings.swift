import Foundation
import Locking
import Diagnostics
import Load
import Model
import Incremental

/// Files in `content/` that no page uses: a Markdown file in the wrong place or with the
/// wrong ending is not loaded, a picture nothing names is not shown. Each is a warning, so
/// that nothing an editor put there vanishes without a word.
enum ContentWarnings {
    /// The warnings, every folder of content/ listed to find them, and the fingerprint of the
    /// files used that they were found for (see `fingerprint`).
    struct Found: Sendable {
        var warnings: [Diagnostic]
        var folders: [String]
        var fingerprint: UInt64
    }

    static let markdownEndings = ["markdown", "mdown", "mkd", "mkdn", "mdx", "txt", "text"]

    /// The site-relative paths of the files the build uses: the content files loaded, the
    /// pictures their front matter and bodies name, and the other files their bodies link to.
    static func usedPaths(root: URL, loaded: [String], entries: [ContentEntry]) -> Set<String> {
        var used = Set(loaded)
        let prefix = root.standardizedFileURL.path + "/"
        // Content's paths are absolute and standardized already (ContentPath): plain prefixes do.
        func relative(_ absolute: String) -> String? {
            absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
        }
        for entry in entries {
            if let image = relative(entry.image.path) { used.insert(image) }
            for body in entry.bodyImages { if let image = relative(body) { used.insert(image) } }
            for linked in entry.files { if let file = relative(linked) { used.insert(file) } }
        }
        return used
    }

    /// A hash of the files the build uses (as `usedPaths` finds them, counted as often as
    /// they are named), whatever their order: the same files give the same warnings while no
    /// folder of content/ changes. Made without the set, which only a new listing needs.
    static func fingerprint(loaded: [String], entries: [ContentEntry]) -> UInt64 {
        @Sendable func hash(_ path: String) -> UInt64 {
            var hash = PageKeyHasher()
            hash.add(path)
            return hash.key.high
        }
        // A sum, in any order: across the cores (200,000 paths hashed at 100,000 pages).
        let loadedSums = Parallel.parts(loaded.count, parts: 4) { range in
            range.reduce(UInt64(0)) { $0 &+ hash(loaded[$1]) }
        }
        let entrySums = Parallel.parts(entries.count, parts: 4) { range in
            var sum: UInt64 = 0
            for entry in entries[range] {
                sum &+= hash(entry.image.path) &* 3
                for body in entry.bodyImages { sum &+= hash(body) &* 5 }
                for linked in entry.files { sum &+= hash(linked) &* 7 }
            }
            return sum
        }
        return (loadedSums + entrySums).reduce(UInt64(loaded.count), &+)
    }

    /// The warnings, and every folder under `content/` listed to find them (absolute paths):
    /// the next build is not one with nothing changed if a file comes or goes in any of them.
    static func find(root: URL, used: Set<String>) -> (warnings: [Diagnostic], folders: [String]) {
        var warnings: [Diagnostic] = []
        let base = root.standardizedFileURL.path
        let listed = files(under: "content", in: base)
        for path in listed.files where !used.contains(path) {
            warnings.append(.warning(message(for: path), at: SourceLocation(path: path)))
        }
        return (warnings.sorted(), listed.folders.map { base + "/" + $0 })
    }

    /// The regular files under `folder` of `root` (site-relative, hidden ones left out), by
    /// readdir: a guide of 10,000 cities and pictures is listed in milliseconds.
    private static func files(under folder: String, in root: String) -> (files: [String], folders: [String]) {
        var found: [String] = [], folders: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let stream = opendir(root + "/" + current) else { continue }
            folders.append(current)
            defer { closedir(stream) }
            while let item = readdir(stream) {
                let name = withUnsafeBytes(of: item.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = current + "/" + name
                switch Int32(item.pointee.d_type) {
                case Int32(DT_DIR): pending.append(path)
                case Int32(DT_REG): found.append(path)
                default:
                    var info = stat()
                    if stat(root + "/" + path, &info) == 0 {
                        if (info.st_mode & S_IFMT) == S_IFDIR { pending.append(path) }
                        else if (info.st_mode & S_IFMT) == S_IFREG { found.append(path) }
                    }
                }
            }
        }
        return (found, folders.sorted())
    }

    private static func message(for path: String) -> String {
        let file = path as NSString
        let folder = file.deletingLastPathComponent
        let ending = file.pathExtension.lowercased()
        let stem = (file.lastPathComponent as NSString).deletingPathExtension
        let contentFolders = ["content/countries", "content/cities", "content/pages"]
        if contentFolders.contains(folder), markdownEndings.contains(ending) || ending == "md" {
            // `évora.MD` is in the right folder: only its ending's case is wrong.
            let only = ending == "md" ? "only files ending in .md, in lower case," : "only files ending in .md"
            return "this file is not loaded: \(only) are pages (rename it to \(stem).md)"
        }
        if ending == "md" || markdownEndings.contains(ending) {
            let hint = NameSuggestion.hint(for: folder, in: contentFolders)
            return "this file is not loaded: countries go in content/countries/, cities in content/cities/ and pages of your own in content/pages/\(hint)"
        }
        return "this file is not used by any country or city (no front matter, Markdown image or link names it)"
    }
}

extension SiteBuild {
    /// Files in content/ that no page uses, and every folder of content/ listed to find them:
    /// the build's warnings, or with --strict its errors (added to the content's diagnostics
    /// at once, so that they stop the build), as are the entries' own warnings (put in
    /// `content.entryWarnings` otherwise). The last build's, when it used the same files
    /// and no folder of content/ changed since (a build that changed one page does not list
    /// the whole of content/ again); otherwise found while the pages are made.
    mutating func contentWarnings(_ content: inout Content) -> Background<ContentWarnings.Found> {
        let scan = inputs.scan
        let contentFolder = inputs.scan.root.standardizedFileURL.path + "/content"
        // A draft's pictures and files are used (by the draft).
        let (root, entries, cache) = (inputs.scan.root, content.entries + content.drafts, options.cache)
        let namesUnchanged = last.check?.visibleNamesUnchanged(under: contentFolder) == true
        // Worked out while the pages are made: the fingerprint of the files used (200,000
        // paths hashed at 100,000 pages), then the last build's warnings when it is theirs,
        // else the warnings found.
        var found = Background { () -> ContentWarnings.Found in
            let loaded = scan.content.map(\.path)
            let fingerprint = ContentWarnings.fingerprint(loaded: loaded, entries: entries)
            if let saved = SavedWarnings.read(from: cache), saved.fingerprint == fingerprint, !saved.folders.isEmpty, namesUnchanged {
                return ContentWarnings.Found(warnings: saved.warnings, folders: saved.folders, fingerprint: fingerprint)
            }
            let (warnings, folders) = ContentWarnings.find(root: root, used: ContentWarnings.usedPaths(root: root, loaded: loaded, entries: entries))
            return ContentWarnings.Found(warnings: warnings, folders: folders, fingerprint: fingerprint)
        }
        content.entryWarnings = (content.entries + content.drafts).flatMap(\.warnings)
        if options.strict {
            let value = found.value
            content.diagnostics += value.warnings + content.entryWarnings
            content.entryWarnings = []
            found = Background(ready: ContentWarnings.Found(warnings: [], folders: value.folders, fingerprint: value.fingerprint))
        }
        clock.lap("model.warnings")
        return found
    }
}
