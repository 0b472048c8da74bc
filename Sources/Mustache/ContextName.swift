/// A name looked up in the context stack: `.` (the top of the stack) or a dotted name
/// whose first part is searched down the stack and the rest inside the value found.
struct ContextName: Sendable {
    /// The name as written, for messages.
    var text: String
    /// The parts of a dotted name; empty for `.`.
    var components: [String]

    /// Nil when `text` is not a valid name (empty parts, as in `a..b`).
    init?(_ text: String) {
        self.text = text
        if text == "." {
            components = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.contains(where: \.isEmpty) { return nil }
        components = parts
    }

    var isImplicitIterator: Bool { components.isEmpty }
}
