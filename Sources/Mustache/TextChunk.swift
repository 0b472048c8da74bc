/// Literal template text. `lineStarts` are the offsets in `bytes` where a line of the source
/// begins; a partial or block rendered with indentation adjusts the text there.
struct TextChunk: Sendable {
    var bytes: [UInt8]
    var lineStarts: [Int]
}
