/// A compiled `{{<name}}...{{/name}}`: the template it names and the blocks it gives.
struct ParentInfo: Sendable {
    var reference: Int
    /// Index of the indentation of a standalone tag, -1 when inline.
    var indentation: Int
    var position: Int
    /// Indices in the template's definitions.
    var definitions: Range<Int>
}
