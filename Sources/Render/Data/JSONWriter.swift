/// JSON text (RFC 8259) of a `JSONValue`, as UTF-8 bytes: compact, one line ending in a line
/// feed, keys in the value's own order, every text exactly as
/// given (no Unicode normalization). Escaped: `"`, `\`, control characters, U+2028 and
/// U+2029 (line ends to JavaScript), U+FEFF (which readers take for a byte-order mark and
/// drop), and the `/` of `</`, so that the text is safe inside an
/// HTML `<script>` element too (`</script>` is written `<\/script>`).
package enum JSONWriter {
    package static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        out.append(0x0A)
        return out
    }

    /// The text of `value` alone (no line feed), appended to `out`: a part of a larger text.
    package static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .int(let number): out += String(number).utf8
        case .double(let number): out += (number.isFinite ? String(number) : "null").utf8
        case .string(let text): string(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (index, (key, item)) in pairs.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `text` quoted and escaped, on its UTF-8 bytes: runs that need no escape are copied
    /// whole (walking the scalars and encoding each again was two thirds of the GeoJSON's
    /// making at 10k). Every byte escaped is ASCII but for the three-byte forms of U+2028,
    /// U+2029 and U+FEFF, and an ASCII byte is never part of a longer scalar.
    private static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var (index, copied) = (0, 0)
            while index < count {
                let byte = bytes[index]
                let escape: String
                var length = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x2F where index > 0 && bytes[index - 1] == 0x3C: escape = "\\/"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x00...0x1F, 0x7F: escape = "\\u00" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                    escape = "\\ufeff"
                    length = 3
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out += escape.utf8
                index += length
                copied = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
