import Diagnostics
import Load

/// Splits a content file into YAML front matter and Markdown body, and parses the YAML.
///
/// The file must begin with a line `---` (after an optional UTF-8 byte order mark); the
/// front matter ends at the next line `---` or `...`. Lines may end in LF, CRLF or CR, and
/// trailing blanks on the delimiter lines are ignored. Every error points into the whole file.
package enum FrontMatterParser {
    package static func parse(_ file: SourceFile) throws(DiagnosticList) -> FrontMatterDocument {
        var text = Substring(file.text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
        let start = SourceLocation(path: file.path, line: 1, column: 1)

        // Walk the lines (each range includes its line end): the first one must open the
        // front matter, the next delimiter line closes it.
        var lineStart = text.startIndex
        var lineCount = 0
        func nextLine() -> Range<String.Index>? {
            guard lineStart < text.endIndex else { return nil }
            // A line ends in LF, CRLF or a lone CR (as libyaml and cmark read them).
            let utf8 = text.utf8
            var end = text.endIndex
            if let newline = utf8[lineStart...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                end = utf8.index(after: newline)
                if utf8[newline] == 0x0D, end < utf8.endIndex, utf8[end] == 0x0A { end = utf8.index(after: end) }
            }
            defer { (lineStart, lineCount) = (end, lineCount + 1) }
            return lineStart..<end
        }
        guard let opener = nextLine(), isDelimiter(text[opener], closing: false) else {
            throw DiagnosticList([Diagnostic("missing front matter: a content file must begin with a line '---', "
                                             + "then YAML such as 'name: ...', then a line '---'", at: start)])
        }
        var closer: Range<String.Index>?
        while closer == nil, let line = nextLine() {
            if isDelimiter(text[line], closing: true) { closer = line }
        }
        guard let closer else {
            throw DiagnosticList([Diagnostic("the front matter that begins here is never closed: add a line '---' after it", at: start)])
        }

        let yaml = String(text[opener.upperBound..<closer.lowerBound])
        var node = try YAMLParser.parse(yaml, path: file.path, lineOffset: 1, context: "front matter")
        switch node.value {
        case .mapping:
            break
        case .null:  // empty front matter: an empty mapping, located at the opening line
            node = YAMLNode(value: .mapping([]), location: start)
        default:
            throw DiagnosticList([Diagnostic("front matter must be a mapping of keys to values, such as 'name: Madrid'", at: node.location)])
        }
        // `lineCount` is now the closing line's number; the body begins on the next one.
        return FrontMatterDocument(frontMatter: node, body: String(text[closer.upperBound...]), bodyStartLine: lineCount + 1)
    }

    /// Whether a line (with its line end) is `---`, or also `...` when closing.
    private static func isDelimiter(_ line: Substring, closing: Bool) -> Bool {
        var content = line
        while let last = content.last, last == " " || last == "\t" || last.isNewline { content.removeLast() }
        return content == "---" || (closing && content == "...")
    }
}
