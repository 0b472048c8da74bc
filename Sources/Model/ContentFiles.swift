import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Locking

/// Every content file's page (`content/cities/madrid.md` -> `cities/madrid.html`), and the
/// files that are regular files in real folders (see `BodyRenderer.plainFiles`): tables
/// made when a file is processed or a link checked, which a build where few files changed
/// may not need at all.
package final class ContentFiles: Sendable {
    private let scan: SiteLoader.Scan
    private let tables = Locked<(pages: [String: String], plain: Set<String>)?>(nil)

    package init(_ scan: SiteLoader.Scan) { self.scan = scan }

    package var pages: [String: String] { made().pages }

    /// The tables as they will be once the file at `path` is renamed to `file` (its stamp
    /// kept, so that links to it are checked before it is written).
    package func renaming(_ path: String, to file: SiteLoader.ScannedFile) -> ContentFiles {
        var scan = self.scan
        var renamed = file
        renamed.stamp = scan.content.first { $0.path == path }?.stamp
        scan.content = scan.content.map { $0.path == path ? renamed : $0 }
        return ContentFiles(scan)
    }
    package var plain: Set<String> { made().plain }

    private func made() -> (pages: [String: String], plain: Set<String>) {
        tables.withLock { tables in
            if let tables { return tables }
            var pages: [String: String] = [:]
            pages.reserveCapacity(scan.content.count)
            for file in scan.content { pages[file.path] = file.outputPath }
            let made = (pages, scan.foldersArePlain ? Set(scan.content.filter { $0.stamp != nil }.map(\.path)) : [])
            tables = made
            return made
        }
    }
}
