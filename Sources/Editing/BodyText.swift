/// The Markdown body as typed, with its line ends made the file's.
enum BodyText {
    /// Every LF, CRLF and lone CR of `text` replaced by `lineEnding`.
    static func withLineEnding(_ text: String, _ lineEnding: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for byte in text.utf8 {
            if byte == 0x0A, previousCR { previousCR = false; continue }
            previousCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D { out += lineEnding } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
