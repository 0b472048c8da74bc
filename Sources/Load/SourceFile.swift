import Diagnostics

/// A text file of the user's site: its path as shown in messages (for example
/// `content/cities/madrid.md`) and its UTF-8 text.
package struct SourceFile: Sendable {
    package var path: String
    package var text: String

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
