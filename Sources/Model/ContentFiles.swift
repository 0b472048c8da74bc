import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Locking
import Synchronization

/// Every content file's page (`content/cities/madrid.md` -> `cities/madrid.html`), and
/// whether it is a regular file in a real folder (see `BodyRenderer`): found by a binary
/// search of the scan, which lists each kind's files sorted by name (a build that processes
/// one file of 100,000 made a table of them all: 70 to 150 ms), and by a table once many
/// have been looked up (a template edit renders every body again).
package final class ContentFiles: ContentPageLookup {
    private let scan: SiteLoader.Scan
    /// Where each kind's files are in the scan (nil: not sorted as expected; a table is made).
    private let groups: [ContentKind: Range<Int>]?
    private let table = Locked<[String: Int]?>(nil)
    /// How many files were looked up: past `tableAfter`, the table is made (a build that
    /// renders many bodies looks up each of their links; each step of a binary search is a
    /// path of its own in memory, and the table pays for itself).
    private let lookups = Atomic<Int>(0)
    private let tableAfter: Int

    package init(_ scan: SiteLoader.Scan) {
        self.scan = scan
        groups = Self.groups(scan.content)
        tableAfter = max(1024, scan.content.count / 16)
    }

    /// Each kind's files, when they are together and sorted by name as the scan sorts them.
    private static func groups(_ content: [SiteLoader.ScannedFile]) -> [ContentKind: Range<Int>]? {
        var groups: [ContentKind: Range<Int>] = [:]
        var start = 0
        while start < content.count {
            let kind = content[start].kind
            guard groups[kind] == nil else { return nil }
            var end = start + 1
            while end < content.count, content[end].kind == kind {
                guard content[end - 1].path < content[end].path else { return nil }
                end += 1
            }
            groups[kind] = start..<end
            start = end
        }
        return groups
    }

    package func file(_ path: String) -> (path: String, page: String, plain: Bool)? {
        guard let index = index(of: path) else { return nil }
        let file = scan.content[index]
        return (file.path, file.outputPath, scan.foldersArePlain && file.stamp != nil)
    }

    package var allPaths: [String] { scan.content.map(\.path) }

    private func index(of path: String) -> Int? {
        guard let groups, lookups.add(1, ordering: .relaxed).newValue <= tableAfter else {
            let table = table.withLock { table in
                if table == nil { table = Dictionary(scan.content.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first }) }
                return table!
            }
            return table[path]
        }
        for kind in [ContentKind.country, .city, .page] {
            guard let range = groups[kind], path.utf8.count > kind.folder.utf8.count, path.utf8.starts(with: kind.folder.utf8),
                  path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: kind.folder.utf8.count)] == UInt8(ascii: "/") else { continue }
            // Whole paths compared: the files of a kind share their folder, so they sort as
            // their names do, and two ASCII strings compare as their bytes.
            var (low, high) = (range.lowerBound, range.upperBound)
            while low < high {
                let middle = (low + high) / 2
                if scan.content[middle].path < path { low = middle + 1 } else { high = middle }
            }
            return low < range.upperBound && scan.content[low].path == path ? low : nil
        }
        return nil
    }

    /// Every content file's page, by the file's path (made when asked for).
    package var pages: [String: String] {
        var pages: [String: String] = [:]
        pages.reserveCapacity(scan.content.count)
        for file in scan.content { pages[file.path] = file.outputPath }
        return pages
    }

    /// The tables as they will be once the file at `path` is renamed to `file` (its stamp
    /// kept, so that links to it are checked before it is written).
    package func renaming(_ path: String, to file: SiteLoader.ScannedFile) -> ContentFiles {
        var scan = self.scan
        var renamed = file
        renamed.stamp = scan.content.first { $0.path == path }?.stamp
        scan.content = scan.content.filter { $0.path != path }
        // In its place among its kind's files, sorted by path as `groups` expects (the same
        // folder: by name).
        let at = scan.content.firstIndex { $0.kind == renamed.kind && renamed.path < $0.path }
            ?? (scan.content.lastIndex { $0.kind == renamed.kind }.map { $0 + 1 } ?? scan.content.count)
        scan.content.insert(renamed, at: at)
        return ContentFiles(scan)
    }
}
