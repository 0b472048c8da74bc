/// Finding line starts and ends in a file's bytes. Lines end in LF, CRLF or a lone CR, as
/// the front matter parser and libyaml read them.
enum LineScan {
    static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// The start of the line holding `offset`, no earlier than `floor`.
    static func start(of offset: Int, in bytes: [UInt8], from floor: Int) -> Int {
        var start = offset
        while start > floor, !isBreak(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The end of the line on which the character before `offset` is: at its line break, or
    /// after it when `includingBreak`; no further than `ceiling`.
    static func end(of offset: Int, in bytes: [UInt8], to ceiling: Int, includingBreak: Bool) -> Int {
        var end = offset
        while end < ceiling, !isBreak(bytes[end]) { end += 1 }
        guard includingBreak, end < ceiling else { return end }
        return bytes[end] == 0x0D && end + 1 < ceiling && bytes[end + 1] == 0x0A ? end + 2 : end + 1
    }
}
