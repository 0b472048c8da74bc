struct PartialInclusion: Sendable {
    var reference: TemplateReference
    /// The whitespace before a standalone tag, prepended to every line of the partial;
    /// nil when the tag is inline.
    var indentation: [UInt8]?
    var position: SourcePosition
}
