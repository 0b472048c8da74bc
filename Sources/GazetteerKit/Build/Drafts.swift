import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Model

/// Entries with `draft: true`, left out of a build that does not ask for drafts: a published
/// page that links to one, or a city whose country is one, would point at a page that is not
/// there, so each is an error located where the link or the country is written.
enum Drafts {
    static func linkProblems(_ published: [ContentEntry], drafts: [ContentEntry], paths: ContentPath,
                             options: MarkdownOptions) -> [Diagnostic] {
        let draftPaths = Dictionary(drafts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let draftCountries = Dictionary(
            drafts.filter { $0.kind == .country }.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [Diagnostic] = []
        for entry in published {
            let linked = entry.links.filter { draftPaths[$0] != nil }
            let country = entry.country.flatMap { draftCountries[$0] }
            guard !linked.isEmpty || country != nil else { continue }
            // Only a file with such a link is read again, to find where it is written.
            let document = read(entry.path, root: paths.root)
            if let country {
                let location = document.flatMap { countryLocation(in: $0) } ?? SourceLocation(path: entry.path)
                problems.append(Diagnostic(
                    "this city's country \"\(country.slug)\" is a draft (draft: true in \(country.path)), so it is not published: "
                        + "publish the country, or make this city a draft too", at: location))
            }
            for target in Set(linked).sorted() {
                let draft = draftPaths[target]!
                let locations = document.map { links(in: $0, of: entry.path, to: target, paths: paths, options: options) } ?? []
                for location in locations.isEmpty ? [SourceLocation(path: entry.path)] : locations {
                    problems.append(Diagnostic(
                        "link to a draft page \"\(target)\" (draft: true in it): it is not published, so the link would be broken; "
                            + "remove the link or publish \(draft.name) (build with --drafts to see it)", at: location))
                }
            }
        }
        return problems
    }

    /// The lines `gazetteer check` prints about the drafts it left out.
    static func listing(_ drafts: [String]) -> [String] {
        guard !drafts.isEmpty else { return [] }
        return ["\(drafts.count) draft\(drafts.count == 1 ? "" : "s") not published (draft: true; --drafts builds them):"]
            + drafts.map { "  \($0)" }
    }

    private static func read(_ path: String, root: URL) -> FrontMatterDocument? {
        var errors: [Diagnostic] = []
        guard let file = SiteLoader.readText(path, root: root, errors: &errors) else { return nil }
        return try? FrontMatterParser.parse(file)
    }

    private static func countryLocation(in document: FrontMatterDocument) -> SourceLocation? {
        guard case .mapping(let entries) = document.frontMatter.value else { return nil }
        return entries.first { $0.key == "country" }?.value.location
    }

    /// Where the body of the file at `path` links to the content file `target`.
    private static func links(in document: FrontMatterDocument, of path: String, to target: String, paths: ContentPath,
                              options: MarkdownOptions) -> [SourceLocation] {
        var found: [SourceLocation] = []
        _ = MarkdownRenderer.render(
            document.body, bodyStartLine: document.bodyStartLine, path: path, options: options,
            resolveLink: { link in
                if EditLinks.leads(link.destination, from: path, to: target, paths: paths) { found.append(link.location) }
                return nil
            },
            resolveImage: { _ in nil })
        return found
    }
}
