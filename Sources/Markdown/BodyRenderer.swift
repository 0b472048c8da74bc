import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images

/// The content files of the guide, as a body's links are resolved against them.
package protocol ContentPageLookup: Sendable {
    /// The content file at the site-relative `path`: the path as the scan holds it (links
    /// share its string), its page, and whether it is a regular file in a real folder.
    func file(_ path: String) -> (path: String, page: String, plain: Bool)?
    /// Every content file's path (for suggestions).
    var allPaths: [String] { get }
}

/// The Markdown stage for one content file: renders its body, turning links to other
/// content files into links to their pages and images into thumbnails. Problems are
/// collected, located in the file.
package struct BodyRenderer {
    package var paths: ContentPath
    /// Every content file (`content/cities/madrid.md`) and its page.
    package var pages: any ContentPageLookup
    package var planner: ImagePlanner
    package var options: MarkdownOptions
    /// The folder of the language the body is shown in (`fr/`; "" for the default language):
    /// a link to an entry leads to its page in that language.
    package var languageFolder = ""

    package init(paths: ContentPath, pages: any ContentPageLookup, planner: ImagePlanner, options: MarkdownOptions) {
        self.paths = paths
        self.pages = pages
        self.planner = planner
        self.options = options
    }

    /// Renders the body of `file`, whose page is written at `outputPath`.
    package func render(_ document: FrontMatterDocument, of file: SourceFile, outputPath: String,
                diagnostics: inout [Diagnostic]) -> MarkdownBody {
        var problems: [Diagnostic] = []
        var plans: [ThumbnailPlan] = []
        var links: [String] = []
        var destinations: [MarkdownLink] = []
        var files: [String] = []
        let html = MarkdownRenderer.render(
            document.body, bodyStartLine: document.bodyStartLine, path: file.path, options: options,
            resolveLink: { link in
                let resolved = resolveLink(link, in: file, outputPath: outputPath, links: &links, files: &files, problems: &problems)
                destinations.append(MarkdownLink(destination: resolved ?? link.destination, location: link.location))
                return resolved
            },
            resolveImage: { image in
                guard let plan = planImage(image, in: file, problems: &problems) else { return nil }
                plans.append(plan)
                let root = PagePath.root(of: outputPath)
                return ImageHTML.tag(plan, root: root, alt: image.alt, title: image.title, lazy: true)
            })
        diagnostics += problems
        return MarkdownBody(html: html, images: plans, links: links, files: files, destinations: destinations)
    }

    /// The page a link to the content file whose page is `page` leads to, in the body's language.
    private func inLanguage(_ page: String, of target: String) -> String {
        languageFolder.isEmpty || ContentKind.language(ofPath: target) != nil ? page : languageFolder + page
    }

    private func resolveLink(_ link: MarkdownLink, in file: SourceFile, outputPath: String,
                             links: inout [String], files: inout [String], problems: inout [Diagnostic]) -> String? {
        let destination = link.destination
        // On the bytes (Foundation's `contains` of a string goes through NSString's search).
        let utf8 = destination.utf8
        guard let first = utf8.first, first != UInt8(ascii: "#"), !utf8.contains(UInt8(ascii: ":")),
              !utf8.starts(with: "//".utf8) else { return nil }
        let (pathPart, fragment) = split(destination)
        let path = pathPart.utf8.contains(UInt8(ascii: "%")) ? pathPart.removingPercentEncoding ?? pathPart : pathPart
        guard path.utf8.reversed().starts(with: "dm.".utf8) else {
            return resolveFile(link, path: path, fragment: fragment, in: file, outputPath: outputPath, files: &files, problems: &problems)
        }
        // The link is kept as the scan's own path of the file (`pages`' key): at 100,000
        // cities, their links to their country and neighbours share a few strings.
        // A link to a content file that is a regular file in a real folder (not a symlink) is
        // resolved on its text alone, without asking the file system.
        if let target = ContentPath.lexical(path, from: file.path), let known = pages.file(target), known.plain {
            links.append(known.path)
            return PagePath.relative(from: outputPath, to: inLanguage(known.page, of: target)) + fragment
        }
        switch paths.resolve(path, from: file.path) {
        case .success(let url):
            if let known = pages.file(paths.siteRelative(url)) {
                links.append(known.path)
                return PagePath.relative(from: outputPath, to: inLanguage(known.page, of: known.path)) + fragment
            }
            problems.append(Diagnostic("link to \"\(destination)\", which is not a country or city of the guide", at: link.location))
        case .failure(.missing):
            let name = (path as NSString).lastPathComponent
            let known = pages.allPaths.map { ($0 as NSString).lastPathComponent }
            problems.append(Diagnostic(
                "link to a missing page \"\(destination)\"" + NameSuggestion.hint(for: name, in: known), at: link.location))
        case .failure(let failure):
            problems.append(Diagnostic(failure.message(for: destination, what: "link"), at: link.location))
        }
        return nil
    }

    /// A link to a file that is not a page: one of `static/`, or of `content/` (then published
    /// beside the pages, see `OutputPath.published`), links to where it is published. A link
    /// that names no file of the site is left as written (it may name a page of the output,
    /// `../index.html`), except one into `static/` or a path of the computer's.
    private func resolveFile(_ link: MarkdownLink, path: String, fragment: String, in file: SourceFile, outputPath: String,
                             files: inout [String], problems: inout [Diagnostic]) -> String? {
        guard !path.isEmpty, !path.hasSuffix("/") else { return nil }
        switch paths.resolve(path, from: file.path) {
        case .success(let url):
            let relative = paths.siteRelative(url)
            guard let published = OutputPath.published(relative) else {
                problems.append(Diagnostic(
                    "link to \"\(link.destination)\", a file outside content/ and static/, which is not published: "
                        + "move it into static/ (it is published as it is)", at: link.location))
                return nil
            }
            files.append(url.path)
            return PagePath.relative(from: outputPath, to: published) + fragment
        case .failure(.missing):
            let parts = path.split(separator: "/")
            guard parts.contains(Substring(SiteLoader.staticFolder)) else { return nil }
            problems.append(Diagnostic(
                ContentPath.Failure.missing.message(for: link.destination, what: "link") + paths.missingHint(path, from: file.path),
                at: link.location))
        case .failure(.outsideSite), .failure(.notAFile):
            return nil
        case .failure(let failure):
            problems.append(Diagnostic(failure.message(for: link.destination, what: "link"), at: link.location))
        }
        return nil
    }

    private func planImage(_ image: MarkdownImage, in file: SourceFile, problems: inout [Diagnostic]) -> ThumbnailPlan? {
        let written = image.source.removingPercentEncoding ?? image.source
        if written.hasPrefix("http://") || written.hasPrefix("https://") { return nil }
        switch paths.resolve(written, from: file.path) {
        case .success(let url):
            let source = ImageSource(file: url, written: written, location: image.location)
            return planner.plan(source, preset: ImagePlanner.contentPreset, stem: source.stem)
        case .failure(let failure):
            let hint = failure == .missing ? paths.missingHint(written, from: file.path) : ""
            problems.append(Diagnostic(failure.message(for: written, what: "image") + hint, at: image.location))
            return nil
        }
    }

    private func split(_ destination: String) -> (path: String, fragment: String) {
        guard let hash = destination.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (destination, "") }
        return (String(destination[..<hash]), String(destination[hash...]))
    }
}
