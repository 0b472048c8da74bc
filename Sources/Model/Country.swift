import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// A country of the guide, validated.
package struct Country: Sendable {
    package var slug: String
    package var sourcePath: String
    package var name: String
    package var officialName: String?
    package var capital: String?
    package var motto: String?
    package var continents: [Continent]
    package var flag: ImageSource
    /// Front matter keys the generator does not know, as written, for templates.
    package var extra: [YAMLEntry]

    /// The page's path in the output.
    package var outputPath: String { OutputPath.page(.country, slug: slug) }
}
