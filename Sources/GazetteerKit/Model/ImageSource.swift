import Foundation

/// A picture named by content: the file it resolved to and where content named it.
struct ImageSource: Hashable, Sendable {
    /// The absolute path of the file.
    var path: String
    /// The path as content wrote it, for messages.
    var written: String
    /// The front matter value or Markdown image that named it: errors about the file point here.
    var location: SourceLocation
    /// True when the theme's placeholder stands in for a missing picture.
    var isPlaceholder: Bool = false

    init(file: URL, written: String, location: SourceLocation, isPlaceholder: Bool = false) {
        self.init(path: file.path, written: written, location: location, isPlaceholder: isPlaceholder)
    }

    init(path: String, written: String, location: SourceLocation, isPlaceholder: Bool = false) {
        self.path = path
        self.written = written
        self.location = location
        self.isPlaceholder = isPlaceholder
    }

    var file: URL { URL(fileURLWithPath: path, isDirectory: false) }
}
