/// A compiled `{{$name}}` outside a parent: a place a child may fill.
struct SlotInfo: Sendable {
    var name: String
    /// True when the opening tag stands alone on its line.
    var standalone: Bool
    /// The indentation given to every line of content expanded here.
    var indentation: [UInt8]
}
