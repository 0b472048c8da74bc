import Foundation
import Diagnostics
import Load
import Model
import Render
import Write

/// The files published as they are, beside the rendered pages: the theme's assets, every
/// file of `static/`, and the other files of `content/` that pages link to (a PDF). Each by
/// its path in the output, with the file it is copied from; copied at the write stage when
/// its stamp changed, removed when it is no longer here (see `SiteBuild.publish`).
struct CopiedFiles {
    /// By output path.
    var sources: [String: URL] = [:]
    /// What is wrong: a file that would take the place of a page the build makes, of the
    /// theme's or of another such file.
    var problems: [Diagnostic] = []

    /// The folder of the search index, which the search step keeps to its own files.
    static let searchFolder = "search/"

    /// None.
    init() {}

    init(scan: SiteLoader.Scan, config: SiteConfig, entries: [ContentEntry], pages: [Page]) {
        let prefix = scan.root.standardizedFileURL.path + "/"
        var linked = Set<String>()
        for entry in entries { linked.formUnion(entry.files) }
        // The pages where a file of static/ or a linked file would go (none, as a rule: not
        // every page is looked up by path).
        var wanted = Set(scan.staticFiles.map(\.path))
        for path in linked where path.hasPrefix(prefix + "content/") {
            if let published = OutputPath.published(String(path.dropFirst(prefix.count))) { wanted.insert(published) }
        }
        var generated: [String: Page] = [:]
        if !wanted.isEmpty {
            for page in pages where generated[page.path] == nil && wanted.contains(page.path) { generated[page.path] = page }
        }
        // The search script only goes with the search index.
        for asset in scan.theme.assets where config.search || asset != SiteBuild.searchScript {
            sources[asset] = scan.theme.url(of: asset)
        }
        var shown: [String: String] = [:]
        for asset in sources.keys { shown[asset] = "the theme's \(asset)" }
        func taken(_ path: String) -> String? {
            if let page = generated[path] { return "the page the build makes there (\(Self.describe(page)))" }
            if path == OutputRecord.name { return "the build's list of the files it wrote" }
            if path.hasPrefix(Self.searchFolder), config.search { return "the folder of the search index" }
            return shown[path]
        }
        let staticRoot = scan.root.appending(path: SiteLoader.staticFolder)
        for file in scan.staticFiles {
            let source = SiteLoader.staticFolder + "/" + file.path
            if let other = taken(file.path) {
                problems.append(Diagnostic(
                    "this file would be published as \(file.path), in the place of \(other): rename it or move it to another folder of static/",
                    at: SourceLocation(path: source)))
                continue
            }
            sources[file.path] = staticRoot.appending(path: file.path)
            shown[file.path] = source
        }
        for path in linked.sorted() where path.hasPrefix(prefix + "content/") {
            let relative = String(path.dropFirst(prefix.count))
            guard let published = OutputPath.published(relative), shown[published] != relative else { continue }
            if let other = taken(published) {
                problems.append(Diagnostic(
                    "a page links to this file, which would be published as \(published), in the place of \(other): rename it",
                    at: SourceLocation(path: relative)))
                continue
            }
            sources[published] = URL(fileURLWithPath: path)
            shown[published] = relative
        }
    }

    /// A page as a reader would name it.
    private static func describe(_ page: Page) -> String {
        page.title.isEmpty ? page.kind.rawValue : "\(page.kind.rawValue) \"\(page.title)\""
    }
}
