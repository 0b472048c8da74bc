import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

extension ContentEntry {
    /// What processing one content file needs from the rest of the build.
    package struct SourceContext: Sendable {
        package var config: SiteConfig
        package var paths: ContentPath
        package var theme: Theme
        /// Every content file's page, and those that are plain files (made when first needed).
        package var files: ContentFiles
        /// The slugs of every country file, for checking a city's country.
        package var countrySlugs: Set<String>
        package var planner: ImagePlanner
        /// Pictures' paths, held once however many entries show them.
        package var shared = SharedStrings()

        package init(config: SiteConfig, paths: ContentPath, theme: Theme, files: ContentFiles, countrySlugs: Set<String>, planner: ImagePlanner) {
            self.config = config
            self.paths = paths
            self.theme = theme
            self.files = files
            self.countrySlugs = countrySlugs
            self.planner = planner
        }

        package var bodyRenderer: BodyRenderer {
            BodyRenderer(paths: paths, pages: files, planner: planner, options: config.markdown)
        }
    }

    package static let countryKeys: Set<String> = [
        "name", "official_name", "capital", "motto", "continent", "continents", "flag", "aliases", "redirect_from", "draft", "date", "iso",
        "flag_caption", "flag_credit", "flag_license",
    ]
    package static let cityKeys: Set<String> = [
        "name", "country", "picture", "aliases", "redirect_from", "draft", "date", "position",
        "picture_caption", "picture_credit", "picture_license",
    ]
    package static let pageKeys: Set<String> = ["title", "menu", "draft"]
    /// What `draft: true` does, as a message says it.
    package static let draftMeaning = "keeps the page out of `gazetteer build` until you remove it"

    /// The Markdown and field stages for one file whose front matter was read. Returns the
    /// entry (nil when the file has a problem, or `validate` is false, as for a file whose
    /// slug another file already has), the rendered body, and a city's country when it names
    /// no country file (not among `diagnostics`: see `UnknownCountry`).
    package static func process(
        _ content: ParsedContent, digest: Digest, frontMatterDigest: Digest, kind: Kind, validate: Bool, context: SourceContext,
        diagnostics: inout [Diagnostic]
    ) -> (entry: ContentEntry?, body: MarkdownBody, unknownCountry: UnknownCountry?) {
        let file = content.file
        if let code = ContentKind.language(ofPath: file.path) {
            let (entry, body) = processTranslation(
                content, code: code, digest: digest, frontMatterDigest: frontMatterDigest, kind: kind, context: context, diagnostics: &diagnostics)
            return (validate ? entry : nil, body, nil)
        }
        let body = context.bodyRenderer.render(
            content.document, of: file, outputPath: OutputPath.page(kind, slug: content.slug), diagnostics: &diagnostics)
        guard validate else { return (nil, body, nil) }

        var fields = FrontMatterFields(content, known: kind == .country ? countryKeys : kind == .city ? cityKeys : pageKeys)
        if kind == .country, let country = fields.extraEntry("country") {
            diagnostics.append(misplacedCity(content, country))
            return (nil, body, nil)
        }
        let name = fields.required(kind == .page ? "title" : "name")
        let redirects = kind == .page ? [] : fields.redirects(kind)
        let draft = fields.flag("draft", meaning: draftMeaning)
        let date = kind == .page ? nil : fields.date("date")
        let credit = kind == .page ? nil : fields.credit(of: kind == .country ? "flag" : "picture")
        var entry: ContentEntry?
        if let line = PlaceholderText.line(in: content.document.body) {
            fields.warn(
                "this is still the placeholder text `gazetteer new` wrote: replace it with your own words about \(name ?? "it")",
                at: SourceLocation(path: file.path, line: content.document.bodyStartLine + line - 1))
        }
        let imageKey = kind == .country ? "flag" : "picture"
        if credit != nil, fields.keyLocation(imageKey) == nil,
           let at = ["_caption", "_credit", "_license"].lazy.compactMap({ fields.keyLocation(imageKey + $0) }).first {
            fields.warn("there is no \(imageKey) for this to be said of: add \"\(imageKey):\", or remove it", at: at)
        }
        switch kind {
        case .country:
            let official = fields.optionalText("official_name")
            let capital = fields.optionalText("capital")
            let motto = fields.optionalText("motto")
            let aliases = fields.textList("aliases")
            let continents = fields.continents(context.config.continents)
            let flag = fields.image("flag", paths: context.paths, placeholder: context.theme.flagPlaceholder).map { context.shared.image($0) }
            let isoCode = fields.isoCode(names: (name.map { [$0] } ?? []) + (official.map { [$0] } ?? []) + aliases)
            if let name, let flag {
                entry = ContentEntry(
                    kind: .country, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, officialName: official, capital: capital,
                    motto: motto, aliases: aliases, redirects: redirects, continents: continents.map(\.name), isoCode: isoCode, image: flag, extra: fields.extra,
                    links: body.links, files: body.files, bodyImages: body.images.map(\.request.source.path),
                    bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) }, draft: draft, warnings: fields.warnings.sorted(),
                    date: date, credit: credit)
            }
        case .city:
            let country = fields.reference("country", among: context.countrySlugs)
            let aliases = fields.textList("aliases")
            let picture = fields.image("picture", paths: context.paths, placeholder: context.theme.cityPlaceholder).map { context.shared.image($0) }
            let position = fields.position()
            if let name, let country, let picture {
                entry = ContentEntry(
                    kind: .city, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, aliases: aliases, redirects: redirects, country: country,
                    position: position, image: picture,
                    extra: fields.extra, links: body.links, files: body.files, bodyImages: body.images.map(\.request.source.path),
                    bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) }, draft: draft, warnings: fields.warnings.sorted(),
                    date: date, credit: credit)
            }
        case .page:
            let menu = fields.optionalInteger("menu", meaning: "the page's place in the header's menu: menu: 1 comes first; without menu it is linked from the footer")
            if let name {
                entry = ContentEntry(
                    kind: .page, path: file.path, digest: digest, frontMatterDigest: frontMatterDigest, name: name,
                    image: context.shared.image(ImageSource(file: context.theme.cityPlaceholder, written: "placeholder",
                                                            location: content.document.frontMatter.location, isPlaceholder: true)),
                    extra: fields.extra, links: body.links, files: body.files, bodyImages: body.images.map(\.request.source.path),
                    bodyImageFiles: body.images.flatMap { $0.images.map(\.fileName) }, draft: draft, menu: menu,
                    warnings: fields.warnings.sorted())
            }
        }
        // A file with errors gives no entry; its warnings come once they are mended.
        diagnostics += fields.problems
        return (fields.problems.isEmpty && fields.unknownCountry == nil ? entry : nil, body, fields.unknownCountry)
    }

    /// A file in content/countries/ naming a country is a city saved in the wrong folder: as
    /// a country it would have no continent and no flag, and no city would be under it.
    private static func misplacedCity(_ content: ParsedContent, _ country: YAMLEntry) -> Diagnostic {
        let fileName = content.file.path.split(separator: "/").last.map(String.init) ?? content.file.path
        let value = country.value.text.map { ": \($0)" } ?? ""
        return Diagnostic(
            "this looks like a city (it has \"country\(value)\"), not a country: cities go in content/cities/ "
                + "(move it to content/cities/\(fileName))",
            at: country.keyLocation)
    }
}
