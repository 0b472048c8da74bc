import Diagnostics
import Load
import FrontMatter
import Images

/// The lines of a Markdown body, to turn cmark's positions (1-based lines, byte columns)
/// into file columns counted in Unicode scalars, as the YAML errors are.
package struct MarkdownBodyLines {
    private let bytes: [UInt8]
    /// Byte offset where each line starts; lines end at LF, CRLF or CR, as in CommonMark.
    private let starts: [Int]

    package init(_ body: String) {
        bytes = Array(body.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() {
            let isCROfCRLF = byte == UInt8(ascii: "\r") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !isCROfCRLF) { starts.append(offset + 1) }
        }
        self.starts = starts
    }

    /// The bytes of a 1-based line, without its line end (empty past the end).
    private func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1, number <= starts.count else { return [] }
        let end = number < starts.count ? starts[number] : bytes.count
        var line = bytes[starts[number - 1]..<end]
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }

    /// cmark (0.30) gives an inline node on a paragraph's *continuation* line a column
    /// counted in the line's content once the container prefix (blockquote `>`s,
    /// indentation) is stripped, plus the paragraph's start column. This recovers the real
    /// byte column; on the paragraph's first line cmark's column is already right.
    package func inlineByteColumn(line: Int, reported: Int, blockLine: Int, blockColumn: Int) -> Int {
        guard line > blockLine else { return reported }
        let prefix = self.line(line).prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }
        return reported - blockColumn + 1 + prefix.count
    }

    /// The byte column of the opener (`[` or `<` of a link, `![` of an image) at or just
    /// before `byteColumn` on a line: a link's first child may start later than right after
    /// it (a code span's position is that of its content, after the backticks).
    package func openerByteColumn(line: Int, byteColumn: Int, image: Bool) -> Int {
        let text = self.line(line)
        let isOpener: (Int) -> Bool = { column in
            let at = text.startIndex + column - 1
            return image ? text[at] == UInt8(ascii: "!") && text.dropFirst(column).first == UInt8(ascii: "[")
                         : text[at] == UInt8(ascii: "[") || text[at] == UInt8(ascii: "<")
        }
        guard byteColumn >= 1, byteColumn <= text.count else { return byteColumn }
        return (1...byteColumn).reversed().first(where: isOpener) ?? byteColumn
    }

    /// The 1-based column in Unicode scalars of a 1-based byte column.
    package func scalarColumn(line: Int, byteColumn: Int) -> Int {
        1 + self.line(line).prefix(max(0, byteColumn - 1)).count { $0 & 0xC0 != 0x80 }
    }
}
