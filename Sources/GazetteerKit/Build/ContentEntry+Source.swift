import Foundation

extension ContentEntry {
    /// What processing one content file needs from the rest of the build.
    struct SourceContext: Sendable {
        var config: SiteConfig
        var paths: ContentPath
        var theme: Theme
        /// Every content file's page (`content/cities/madrid.md` -> `cities/madrid.html`).
        var pages: [String: String]
        /// The slugs of every country file, for checking a city's country.
        var countrySlugs: Set<String>
        var planner: ImagePlanner
        /// Content files that are regular files in real folders (see `BodyRenderer.plainFiles`).
        var plainFiles: Set<String> = []

        var bodyRenderer: BodyRenderer {
            BodyRenderer(paths: paths, pages: pages, planner: planner, options: config.markdown, plainFiles: plainFiles)
        }
    }

    static let countryKeys: Set<String> = ["name", "official_name", "capital", "motto", "continent", "continents", "flag"]
    static let cityKeys: Set<String> = ["name", "country", "picture"]

    /// The Markdown and field stages for one file whose front matter was read. Returns the
    /// entry (nil when the file has a problem, or `validate` is false, as for a file whose
    /// slug another file already has) and the rendered body.
    static func process(
        _ content: ParsedContent, digest: String, frontMatterDigest: String, kind: Kind, validate: Bool, context: SourceContext,
        diagnostics: inout [Diagnostic]
    ) -> (entry: ContentEntry?, body: MarkdownBody) {
        let file = content.file
        let body = context.bodyRenderer.render(
            content.document, of: file, outputPath: outputPath(kind: kind, slug: content.slug), diagnostics: &diagnostics)
        guard validate else { return (nil, body) }

        var fields = FrontMatterFields(content, known: kind == .country ? countryKeys : cityKeys)
        let name = fields.required("name")
        var entry: ContentEntry?
        switch kind {
        case .country:
            let official = fields.optionalText("official_name")
            let capital = fields.optionalText("capital")
            let motto = fields.optionalText("motto")
            let continents = fields.continents(context.config.continents)
            let flag = fields.image("flag", paths: context.paths, placeholder: context.theme.flagPlaceholder)
            if let name, let flag {
                entry = ContentEntry(
                    kind: .country, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, officialName: official, capital: capital,
                    motto: motto, continents: continents.map(\.name), image: flag, extra: fields.extra,
                    links: body.links, bodyImages: body.images.map(\.request.source.path),
                    bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) })
            }
        case .city:
            let country = fields.reference("country", among: context.countrySlugs)
            let picture = fields.image("picture", paths: context.paths, placeholder: context.theme.cityPlaceholder)
            if let name, let country, let picture {
                entry = ContentEntry(
                    kind: .city, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, country: country, image: picture,
                    extra: fields.extra, links: body.links, bodyImages: body.images.map(\.request.source.path),
                    bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) })
            }
        }
        diagnostics += fields.problems
        return (fields.problems.isEmpty ? entry : nil, body)
    }
}
