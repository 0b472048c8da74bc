/// A city of the guide, validated: its country exists.
struct City: Sendable {
    var slug: String
    var sourcePath: String
    var name: String
    var countrySlug: String
    var picture: ImageSource
    var extra: [YAMLEntry]

    var outputPath: String { "cities/\(slug).html" }
}
