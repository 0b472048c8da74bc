import Diagnostics
import Load
import FrontMatter
import Images

/// An image in a Markdown body, with the location of its `![` in the whole file.
package struct MarkdownImage: Sendable, Hashable {
    /// The URL as written (entities decoded, percent-escapes kept).
    package var source: String
    /// The description as plain text, not HTML-escaped.
    package var alt: String
    /// The title, empty when none was given; not HTML-escaped.
    package var title: String
    package var location: SourceLocation
}
