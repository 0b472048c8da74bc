import Thumbnails

/// A content file's Markdown body, rendered to HTML by the Markdown stage.
struct MarkdownBody: Hashable, Sendable {
    var html: String
    /// Pictures inside the body: their thumbnails must be made.
    var images: [ThumbnailPlan]
    /// Site-relative paths of the content files the body links to.
    var links: [String] = []
}
