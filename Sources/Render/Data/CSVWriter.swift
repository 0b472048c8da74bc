/// CSV text (RFC 4180) as UTF-8 bytes: a header row, then a row each; every line ends in
/// CRLF; a field is quoted when it holds a comma, a quote, a CR or LF, or starts or ends with
/// a space (which some spreadsheets would drop), a quote inside doubled. No byte-order mark.
package enum CSVWriter {
    package static func encode(header: [String], rows: [[String]]) -> [UInt8] {
        var out: [UInt8] = []
        line(header, into: &out)
        for row in rows { line(row, into: &out) }
        return out
    }

    private static func line(_ fields: [String], into out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            self.field(field, into: &out)
        }
        out += [0x0D, 0x0A]
    }

    /// One field as it stands in a line, quoted where needed.
    package static func field(_ field: String, into out: inout [UInt8]) {
        let bytes = field.utf8
        let quoted = bytes.first == 0x20 || bytes.last == 0x20 || bytes.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
        }
        guard quoted else { out += bytes; return }
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
    }
}
