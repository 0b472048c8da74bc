import Diagnostics
import Load
import FrontMatter
import Images

/// A link in a Markdown body, as written, with the location of its opening `[` (or `<`
/// for an autolink) in the whole file.
package struct MarkdownLink: Sendable, Hashable {
    package var destination: String
    package var location: SourceLocation
}
