/// One `{{...}}` tag: its kind, its trimmed content and where it lies in the source bytes.
struct Tag {
    enum Kind {
        case variable, unescaped, section, inverted, close, partial, parent, block, comment, delimiters
    }

    var kind: Kind
    /// The content between the delimiters and the kind sigil, without surrounding whitespace.
    var content: String
    /// Offset of the opening delimiter.
    var start: Int
    /// Offset just past the closing delimiter.
    var end: Int
}
