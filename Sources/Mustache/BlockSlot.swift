struct BlockSlot: Sendable {
    var name: String
    var nodes: [Node]
    /// True when the opening tag stands alone on its line.
    var standalone: Bool
    /// The indentation given to every line of content expanded here.
    var indentation: [UInt8]
}
