/// A link in a Markdown body, as written, with the location of its opening `[` (or `<`
/// for an autolink) in the whole file.
struct MarkdownLink: Sendable, Hashable {
    var destination: String
    var location: SourceLocation
}
