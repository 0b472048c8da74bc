/// The text of a body the Markdown stage rendered, without its markup, for the search index
/// and the data files' `text`:
/// tags dropped (a block's edge is a space, an inline tag's is nothing), character references
/// decoded, runs of white space made one space.
package enum SearchText {
    /// Tags whose edges are inside a line of text: `foo<em>bar</em>` is one word.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]

    package static func plain(fromHTML html: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(html.utf8.count)
        var space = false
        func emit(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    space = !out.isEmpty
                } else {
                    if space { out.append(0x20); space = false }
                    out.append(byte)
                }
            }
        }
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") {
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                var nameStart = i + 1
                if nameStart < bytes.count, bytes[nameStart] == UInt8(ascii: "/") { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < end, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
                if !inline.contains(name) { space = !out.isEmpty }
                i = end + 1
            } else if byte == UInt8(ascii: "&"), let (decoded, length) = reference(bytes, at: i) {
                emit(decoded.utf8)
                i += length
            } else {
                emit(CollectionOfOne(byte))
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    /// The character reference at `start` (`&amp;`, `&#233;`, `&#xE9;`) and its length.
    private static func reference(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var end = start + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        if let text = named[body] { return (text, end - start + 1) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (String(Character(scalar)), end - start + 1)
    }
}
