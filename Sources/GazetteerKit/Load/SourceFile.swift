/// A text file of the user's site: its path as shown in messages (for example
/// `content/cities/madrid.md`) and its UTF-8 text.
struct SourceFile: Sendable {
    var path: String
    var text: String

    init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
