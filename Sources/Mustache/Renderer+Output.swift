extension Renderer {
    /// Literal text, re-indented at line starts when a partial or block is being indented.
    mutating func write(_ template: ParsedTemplate, _ op: Op) {
        let text = template.text
        let end = Int(op.b)
        if op.c == op.d || (indentation.isNone && firstLine == nil) {
            output.append(UnsafeBufferPointer(rebasing: text[Int(op.a)..<end]))
            return
        }
        var from = Int(op.a)
        for line in Int(op.c)..<Int(op.d) {
            let start = Int(template.lineStarts[line])
            output.append(UnsafeBufferPointer(rebasing: text[from..<start]))
            var drop = beginLine()
            var index = start
            while drop > 0 && index < end && text[index].isBlank {
                index += 1
                drop -= 1
            }
            from = index
        }
        output.append(UnsafeBufferPointer(rebasing: text[from..<end]))
    }

    /// At the start of a template line: writes the indentation and returns how many
    /// leading blanks of the line to drop.
    private mutating func beginLine() -> Int {
        var current = indentation
        if let first = firstLine, first.mark == output.count { current = first.indentation }
        firstLine = nil
        output.append(current.add)
        return current.drop
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { output.append($0) }
    }

    mutating func append(_ int: Int) {
        if int >= 0 && int < 10 {
            output.append(UInt8(ascii: "0") + UInt8(int))
            return
        }
        // Digits written backwards into a 20-byte buffer (Int.min has 19 digits and a sign).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = int.magnitude
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if int < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            output.append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[index...]))
        }
    }

    /// Integral values print without a fraction (`2.0` as `2`), others as Swift prints them
    /// (`1.21`): the shortest text that reads back as the same number.
    mutating func append(_ double: Double) {
        if double.isFinite && double.rounded() == double && abs(double) < 1e15 {
            append(Int(double))
        } else {
            append(double.description)
        }
    }

    /// The bytes `{{name}}` escapes, as bits of a mask: `"` (34), `&` (38), `'` (39), `<` (60), `>` (62).
    private static let escapedBytes: UInt64 = 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62

    /// HTML-escapes `& < > " '`.
    mutating func appendEscaped(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            var from = 0
            var index = 0
            let count = bytes.count
            let escaped = Self.escapedBytes
            while index < count {
                let byte = bytes[index]
                if byte < 64 && (escaped >> UInt64(byte)) & 1 != 0 {
                    let entity: StaticString
                    switch byte {
                    case UInt8(ascii: "&"): entity = "&amp;"
                    case UInt8(ascii: "<"): entity = "&lt;"
                    case UInt8(ascii: ">"): entity = "&gt;"
                    case UInt8(ascii: "\""): entity = "&quot;"
                    case UInt8(ascii: "'"): entity = "&#39;"
                    default: entity = ""
                    }
                    output.append(UnsafeBufferPointer(rebasing: bytes[from..<index]))
                    entity.withUTF8Buffer { output.append($0) }
                    from = index + 1
                }
                index += 1
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[from..<count]))
        }
    }
}
