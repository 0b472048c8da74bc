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

    private static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var previous: Unicode.Scalar = "\0"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case "/" where previous == "<": out += "\\/".utf8
            case "\n": out += "\\n".utf8
            case "\r": out += "\\r".utf8
            case "\t": out += "\\t".utf8
            case "\u{2028}": out += "\\u2028".utf8
            case "\u{2029}": out += "\\u2029".utf8
            case "\u{FEFF}": out += "\\ufeff".utf8
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let value = Int(scalar.value)
                out += "\\u00".utf8
                out += [hex[value >> 4], hex[value & 15]]
            default: out += UTF8.encode(scalar)!
            }
            previous = scalar
        }
        out.append(UInt8(ascii: "\""))
    }
}
