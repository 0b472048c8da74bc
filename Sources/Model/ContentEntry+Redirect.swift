import Diagnostics
import Load

extension ContentEntry.Redirect {
    /// Why `slug` cannot be an old slug of an entry of `kind` (nil when it can): it must be
    /// what a file's name gives (`gazetteer new`'s slug, `sao-paulo` or `são-paulo`), without
    /// `.md`, and its page must not be one of the City Guide's.
    package static func problem(withSlug slug: String, kind: ContentKind) -> String? {
        let made = Slug.make(slug)
        if made.isEmpty {
            return "\"\(slug)\" is not a file name: an old name in \"redirect_from\" has letters or digits, such as old-name"
        }
        if made != slug {
            let stem = slug.hasSuffix(".md") ? String(slug.dropLast(3)) : slug
            let meant = Slug.make(stem)
            return "\"\(slug)\" is not a file name as the guide makes them: write it without \".md\", in lower case, "
                + "words joined by hyphens (\"\(meant)\")"
        }
        let page = OutputPath.page(kind, slug: slug)
        if let list = OutputPath.listPageNamed(page) {
            return "the old address \(page) is \(list), so no page can be sent on from there"
        }
        return nil
    }

    /// Its page, for an entry of `kind`.
    package func outputPath(_ kind: ContentKind) -> String { OutputPath.page(kind, slug: slug) }
}

extension SiteModel {
    /// The located problems of the old slugs of `entries` (every entry of the model): an old
    /// address that is the page of a content file (`pages` gives every content file's page,
    /// whether it has problems or not: asked only when an entry gives old names), and an old
    /// slug given twice.
    package static func redirectProblems(_ entries: [ContentEntry], pages: () -> Set<String>) -> [Diagnostic] {
        // Only the entries that give old names are sorted, and the pages gathered only when one does.
        let redirecting = entries.filter { !$0.redirects.isEmpty }
        guard !redirecting.isEmpty else { return [] }
        let pages = pages()
        var problems: [Diagnostic] = []
        var first: [String: (entry: ContentEntry, redirect: ContentEntry.Redirect)] = [:]
        for entry in redirecting.sorted(by: { $0.path < $1.path }) {
            for redirect in entry.redirects {
                let page = redirect.outputPath(entry.kind)
                if pages.contains(page) {
                    let whose = entry.kind == .country ? "a country" : "a city"
                    problems.append(Diagnostic(
                        "the old name \"\(redirect.slug)\" is the name of \(whose) of the guide (\(entry.kind.folder)/\(redirect.slug).md), "
                            + "whose page is at \(page): take it out of \"redirect_from\", or rename that file",
                        at: redirect.location))
                } else if let earlier = first[page] {
                    let here = earlier.entry === entry
                        ? "it is given twice here (line \(earlier.redirect.location.line))"
                        : "\(earlier.entry.path) gives it too (line \(earlier.redirect.location.line))"
                    problems.append(Diagnostic(
                        "the old name \"\(redirect.slug)\" can send readers to one page only: \(here); keep it in one \"redirect_from\"",
                        at: redirect.location))
                } else {
                    first[page] = (entry, redirect)
                }
            }
        }
        return problems
    }
}
