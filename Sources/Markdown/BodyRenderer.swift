import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images

/// The Markdown stage for one content file: renders its body, turning links to other
/// content files into links to their pages and images into thumbnails. Problems are
/// collected, located in the file.
package struct BodyRenderer {
    package var paths: ContentPath
    /// Site-relative paths of every content file (`content/cities/madrid.md`) and their pages.
    package var pages: [String: String]
    package var planner: ImagePlanner
    package var options: MarkdownOptions
    /// Content files known to be regular files in real folders (not symlinks): a link to
    /// one of them is resolved on its text alone, without asking the file system.
    package var plainFiles: Set<String> = []

    package init(paths: ContentPath, pages: [String: String], planner: ImagePlanner, options: MarkdownOptions, plainFiles: Set<String> = []) {
        self.paths = paths
        self.pages = pages
        self.planner = planner
        self.options = options
        self.plainFiles = plainFiles
    }

    /// Renders the body of `file`, whose page is written at `outputPath`.
    package func render(_ document: FrontMatterDocument, of file: SourceFile, outputPath: String,
                diagnostics: inout [Diagnostic]) -> MarkdownBody {
        var problems: [Diagnostic] = []
        var plans: [ThumbnailPlan] = []
        var links: [String] = []
        var destinations: [MarkdownLink] = []
        let html = MarkdownRenderer.render(
            document.body, bodyStartLine: document.bodyStartLine, path: file.path, options: options,
            resolveLink: { link in
                let resolved = resolveLink(link, in: file, outputPath: outputPath, links: &links, problems: &problems)
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
        return MarkdownBody(html: html, images: plans, links: links, destinations: destinations)
    }

    private func resolveLink(_ link: MarkdownLink, in file: SourceFile, outputPath: String,
                             links: inout [String], problems: inout [Diagnostic]) -> String? {
        let destination = link.destination
        guard !destination.isEmpty, !destination.hasPrefix("#"), !destination.contains(":"),
              !destination.hasPrefix("//") else { return nil }
        let (pathPart, fragment) = split(destination)
        let path = pathPart.contains("%") ? pathPart.removingPercentEncoding ?? pathPart : pathPart
        guard path.hasSuffix(".md") else { return nil }
        // The link is kept as the scan's own path of the file (`pages`' key): at 100,000
        // cities, their links to their country and neighbours share a few strings.
        if let target = ContentPath.lexical(path, from: file.path), plainFiles.contains(target), let known = pages.index(forKey: target) {
            links.append(pages[known].key)
            return PagePath.relative(from: outputPath, to: pages[known].value) + fragment
        }
        switch paths.resolve(path, from: file.path) {
        case .success(let url):
            if let known = pages.index(forKey: paths.siteRelative(url)) {
                links.append(pages[known].key)
                return PagePath.relative(from: outputPath, to: pages[known].value) + fragment
            }
            problems.append(Diagnostic("link to \"\(destination)\", which is not a country or city of the guide", at: link.location))
        case .failure(.missing):
            let name = (path as NSString).lastPathComponent
            let known = pages.keys.map { ($0 as NSString).lastPathComponent }
            problems.append(Diagnostic(
                "link to a missing page \"\(destination)\"" + NameSuggestion.hint(for: name, in: known), at: link.location))
        case .failure(let failure):
            problems.append(Diagnostic(failure.message(for: destination, what: "link"), at: link.location))
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
        guard let hash = destination.firstIndex(of: "#") else { return (destination, "") }
        return (String(destination[..<hash]), String(destination[hash...]))
    }
}
