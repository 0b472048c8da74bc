import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// A city of the guide, validated: its country exists.
package struct City: Sendable {
    package var slug: String
    package var sourcePath: String
    package var name: String
    package var countrySlug: String
    package var picture: ImageSource
    package var extra: [YAMLEntry]

    package var outputPath: String { OutputPath.page(.city, slug: slug) }
}
