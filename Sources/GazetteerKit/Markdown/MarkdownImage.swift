/// An image in a Markdown body, with the location of its `![` in the whole file.
struct MarkdownImage: Sendable, Hashable {
    /// The URL as written (entities decoded, percent-escapes kept).
    var source: String
    /// The description as plain text, not HTML-escaped.
    var alt: String
    /// The title, empty when none was given; not HTML-escaped.
    var title: String
    var location: SourceLocation
}
