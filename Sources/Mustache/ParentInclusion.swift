struct ParentInclusion: Sendable {
    var reference: TemplateReference
    var definitions: [BlockDefinition]
    var indentation: [UInt8]?
    var position: SourcePosition
}
