import Diagnostics

/// Converts a byte offset in UTF-8 text into a 1-based line and column, the column counted
/// in Unicode scalars (as libyaml counts; cmark counts bytes). Lines end at LF, CRLF or CR.
package enum TextPosition {
    package static func lineAndColumn(ofByte offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") {
                // The second half of CRLF: the line was already counted at CR.
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                column += 1
            }
            previous = byte
        }
        return (line, column)
    }
}
