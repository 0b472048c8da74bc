import Foundation
import Diagnostics
import Load

/// A picture named by content: the file it resolved to and where content named it.
package struct ImageSource: Hashable, Sendable {
    /// The absolute path of the file.
    package var path: String
    /// The path as content wrote it, for messages.
    package var written: String
    /// The front matter value or Markdown image that named it: errors about the file point here.
    package var location: SourceLocation
    /// True when the theme's placeholder stands in for a missing picture.
    package var isPlaceholder: Bool = false

    package init(file: URL, written: String, location: SourceLocation, isPlaceholder: Bool = false) {
        self.init(path: file.path, written: written, location: location, isPlaceholder: isPlaceholder)
    }

    package init(path: String, written: String, location: SourceLocation, isPlaceholder: Bool = false) {
        self.path = path
        self.written = written
        self.location = location
        self.isPlaceholder = isPlaceholder
    }

    package var file: URL { URL(fileURLWithPath: path, isDirectory: false) }

    /// The name its thumbnails start with: the file's own name as a slug (`pictures/São
    /// Paulo.jpg` gives `são-paulo`), `placeholder-<name>` for the theme's placeholder. Every
    /// page and city showing the same picture shares its thumbnails: they are made once.
    package var stem: String {
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        let base = Slug.make(String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]))
        let stem = base.isEmpty ? "image" : base
        return isPlaceholder ? "placeholder-" + stem : stem
    }
}
