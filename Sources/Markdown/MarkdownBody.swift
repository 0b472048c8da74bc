import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images

/// A content file's Markdown body, rendered to HTML by the Markdown stage.
package struct MarkdownBody: Hashable, Sendable {
    package var html: String
    /// Pictures inside the body: their thumbnails must be made.
    package var images: [ThumbnailPlan]
    /// Site-relative paths of the content files the body links to.
    package var links: [String] = []
    /// Absolute paths of the other files of the site it links to (a PDF): published with it.
    package var files: [String] = []
}
