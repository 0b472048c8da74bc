import Foundation

/// A picture named by content: the file it resolved to and where content named it.
struct ImageSource: Hashable, Sendable {
    var file: URL
    /// The path as content wrote it, for messages.
    var written: String
    /// The front matter value or Markdown image that named it: errors about the file point here.
    var location: SourceLocation
    /// True when the theme's placeholder stands in for a missing picture.
    var isPlaceholder: Bool = false
}
