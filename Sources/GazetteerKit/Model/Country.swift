/// A country of the guide, validated.
struct Country: Sendable {
    var slug: String
    var sourcePath: String
    var name: String
    var officialName: String?
    var capital: String?
    var motto: String?
    var continents: [Continent]
    var flag: ImageSource
    /// Front matter keys the generator does not know, as written, for templates.
    var extra: [YAMLEntry]

    /// The page's path in the output.
    var outputPath: String { "countries/\(slug).html" }
}
