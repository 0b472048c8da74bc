import Diagnostics
import Load

/// Splits a content file into YAML front matter and Markdown body, and parses the YAML.
///
/// The file must begin with a line `---` (after an optional UTF-8 byte order mark); the
/// front matter ends at the next line `---` or `...`. Lines may end in LF, CRLF or CR, and
/// trailing blanks on the delimiter lines are ignored. Every error points into the whole file.
package enum FrontMatterParser {
    package static func parse(_ file: SourceFile) throws(DiagnosticList) -> FrontMatterDocument {
        let parts = try split(file)
        let utf8 = file.text.utf8
        func text(_ range: Range<Int>) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        let yaml = String(text(parts.yaml))
        var node = try YAMLParser.parse(yaml, path: file.path, lineOffset: 1, context: "front matter")
        switch node.value {
        case .mapping:
            break
        case .null:  // empty front matter: an empty mapping, located at the opening line
            node = YAMLNode(value: .mapping([]), location: SourceLocation(path: file.path, line: 1, column: 1))
        default:
            throw DiagnosticList([Diagnostic("front matter must be a mapping of keys to values, such as 'name: Madrid'", at: node.location)])
        }
        return FrontMatterDocument(frontMatter: node, body: String(text(parts.body)), bodyStartLine: parts.bodyStartLine)
    }

    /// The body alone, its front matter left unparsed (an empty mapping): for a file whose
    /// front matter was parsed and checked before (by an earlier build, the same bytes), when
    /// only its body is rendered again.
    package static func body(_ file: SourceFile) throws(DiagnosticList) -> FrontMatterDocument {
        let parts = try split(file)
        let utf8 = file.text.utf8
        let body = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: parts.body.lowerBound)..<utf8.endIndex])
        return FrontMatterDocument(frontMatter: YAMLNode(value: .mapping([]), location: SourceLocation(path: file.path, line: 1, column: 1)),
                                   body: String(body), bodyStartLine: parts.bodyStartLine)
    }

    /// Finds the delimiter lines, without parsing the YAML between them.
    package static func split(_ file: SourceFile) throws(DiagnosticList) -> FrontMatterSplit {
        // A native string's bytes are read in place (a body may be megabytes).
        let found = file.text.utf8.withContiguousStorageIfAvailable(delimiters)
            ?? Array(file.text.utf8).withUnsafeBufferPointer(delimiters)
        switch found {
        case .success(let parts): return parts
        case .failure(let problem):
            let start = SourceLocation(path: file.path, line: 1, column: 1)
            throw DiagnosticList([problem == .noOpener
                ? Diagnostic("missing front matter: a content file must begin with a line '---', "
                             + "then YAML such as 'name: ...', then a line '---'", at: start)
                : Diagnostic("the front matter that begins here is never closed: add a line '---' after it", at: start)])
        }
    }

    private enum SplitProblem: Error { case noOpener, noCloser }

    private static func delimiters(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<FrontMatterSplit, SplitProblem> {
        func at(_ offset: Int) -> UInt8 { bytes[offset] }
        let count = bytes.count
        var lineStart = 0
        if count >= 3, at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF { lineStart = 3 }

        // Walk the lines (each range includes its line end): the first one must open the
        // front matter, the next delimiter line closes it.
        var lineCount = 0
        func nextLine() -> Range<Int>? {
            guard lineStart < count else { return nil }
            // A line ends in LF, CRLF or a lone CR (as libyaml and cmark read them).
            var end = lineStart
            while end < count, at(end) != 0x0A, at(end) != 0x0D { end += 1 }
            if end < count {
                end += at(end) == 0x0D && end + 1 < count && at(end + 1) == 0x0A ? 2 : 1
            }
            defer { (lineStart, lineCount) = (end, lineCount + 1) }
            return lineStart..<end
        }
        func isDelimiter(_ line: Range<Int>, closing: Bool) -> Bool {
            var end = line.upperBound
            while end > line.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(at(end - 1)) { end -= 1 }
            guard end - line.lowerBound == 3 else { return false }
            let first = at(line.lowerBound)
            return (first == UInt8(ascii: "-") || (closing && first == UInt8(ascii: ".")))
                && at(line.lowerBound + 1) == first && at(line.lowerBound + 2) == first
        }
        guard let opener = nextLine(), isDelimiter(opener, closing: false) else { return .failure(.noOpener) }
        var closer: Range<Int>?
        while closer == nil, let line = nextLine() {
            if isDelimiter(line, closing: true) { closer = line }
        }
        guard let closer else { return .failure(.noCloser) }
        // `lineCount` is now the closing line's number; the body begins on the next one.
        return .success(FrontMatterSplit(openingLine: opener, yaml: opener.upperBound..<closer.lowerBound, closingLine: closer,
                                         body: closer.upperBound..<count, bodyStartLine: lineCount + 1))
    }
}
