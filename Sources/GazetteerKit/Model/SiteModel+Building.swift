import Foundation

/// A content file after the front matter stage.
struct ParsedContent: Sendable {
    var file: SourceFile
    var document: FrontMatterDocument
    var slug: String { Slug.make((file.path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")) }
}

extension SiteModel {
    static let countryKeys: Set<String> = ["name", "official_name", "capital", "motto", "continent", "continents", "flag"]
    static let cityKeys: Set<String> = ["name", "country", "picture"]

    /// The model stage: validates front matter into countries and cities, checking every
    /// reference. Every problem is collected into `diagnostics`; invalid entries are left out.
    static func build(config: SiteConfig, countries: [ParsedContent], cities: [ParsedContent],
                      bodies: [String: MarkdownBody], paths: ContentPath, theme: Theme,
                      diagnostics: inout [Diagnostic]) -> SiteModel {
        var seen: [String: String] = [:]
        var builtCountries: [Country] = []
        for content in countries {
            if let first = seen.updateValue(content.file.path, forKey: "countries/" + content.slug) {
                diagnostics.append(Diagnostic("duplicate slug \"\(content.slug)\": \(first) has it too", at: SourceLocation(path: content.file.path)))
                continue
            }
            var fields = FrontMatterFields(content, known: countryKeys)
            let name = fields.required("name")
            let official = fields.optionalText("official_name")
            let capital = fields.optionalText("capital")
            let motto = fields.optionalText("motto")
            let continents = fields.continents(config.continents)
            let flag = fields.image("flag", paths: paths, placeholder: theme.flagPlaceholder)
            diagnostics += fields.problems
            guard let name, let flag, fields.problems.isEmpty else { continue }
            builtCountries.append(Country(
                slug: content.slug, sourcePath: content.file.path, name: name, officialName: official,
                capital: capital, motto: motto, continents: continents, flag: flag,
                body: bodies[content.file.path] ?? MarkdownBody(html: "", images: []), extra: fields.extra))
        }
        let countrySlugs = Set(countries.map(\.slug))
        var builtCities: [City] = []
        for content in cities {
            if let first = seen.updateValue(content.file.path, forKey: "cities/" + content.slug) {
                diagnostics.append(Diagnostic("duplicate slug \"\(content.slug)\": \(first) has it too", at: SourceLocation(path: content.file.path)))
                continue
            }
            var fields = FrontMatterFields(content, known: cityKeys)
            let name = fields.required("name")
            let country = fields.reference("country", among: countrySlugs)
            let picture = fields.image("picture", paths: paths, placeholder: theme.cityPlaceholder)
            diagnostics += fields.problems
            guard let name, let country, let picture, fields.problems.isEmpty else { continue }
            builtCities.append(City(
                slug: content.slug, sourcePath: content.file.path, name: name, countrySlug: country,
                picture: picture, body: bodies[content.file.path] ?? MarkdownBody(html: "", images: []),
                extra: fields.extra))
        }
        return SiteModel(config: config, countries: builtCountries, cities: builtCities)
    }
}
