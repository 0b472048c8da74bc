/// Parses one template (UTF-8 bytes) into a tree of nodes, applying the spec's standalone-line
/// rules once, at parse time, so that rendering only walks the tree.
struct Parser {
    private let bytes: [UInt8]
    private let name: String
    private let path: String
    /// Offsets where lines begin, for line and column numbers.
    private let lineTable: [Int]
    private(set) var errors: [MustacheError] = []

    init(_ source: TemplateSource) {
        self.bytes = Array(source.text.utf8)
        self.name = source.name
        self.path = source.path
        var table = [0]
        for (offset, byte) in bytes.enumerated() where byte == .newline {
            table.append(offset + 1)
        }
        self.lineTable = table
    }

    /// The parsed template, or nil when `errors` says why not.
    mutating func parse() -> ParsedTemplate? {
        let tokens = tokenize()
        var builder = TreeBuilder(bytes: bytes, path: path)
        let nodes = builder.build(tokens, positionOf: position(of:))
        errors += builder.errors
        errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        guard errors.isEmpty else { return nil }
        return ParsedTemplate(name: name, path: path, references: builder.references, compiled: Compiler(nodes))
    }

    /// The 1-based line and column of a byte offset.
    func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = lineTable.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineTable[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for byte in bytes[lineTable[low]..<offset] where byte & 0xC0 != 0x80 {
            column += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }

    private mutating func fail(_ message: String, at offset: Int) {
        errors.append(position(of: offset).error(message, in: path))
    }

    // MARK: Tokens

    /// Splits the source into text and tags, following delimiter changes. Stops at an
    /// unclosed tag (everything after it would be guesswork).
    private mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var position = 0
        let count = bytes.count
        while position < count {
            guard let tagStart = find(open, from: position) else {
                tokens.append(.text(position..<count))
                break
            }
            if tagStart > position {
                tokens.append(.text(position..<tagStart))
            }
            var contentStart = tagStart + open.count
            var terminator = close
            var kind = Tag.Kind.variable
            if contentStart < count {
                let sigil = bytes[contentStart]
                switch sigil {
                case UInt8(ascii: "{"): kind = .unescaped; terminator = [UInt8(ascii: "}")] + close
                case UInt8(ascii: "&"): kind = .unescaped
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: "="): kind = .delimiters; terminator = [UInt8(ascii: "=")] + close
                default: break
                }
                if kind != .variable { contentStart += 1 }
            }
            guard let contentEnd = find(terminator, from: contentStart) else {
                fail("unclosed tag, expected \"\(String(decoding: terminator, as: UTF8.self))\"", at: tagStart)
                break
            }
            let raw = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
            let tag = Tag(kind: kind, content: raw.trimmingBlanks(), start: tagStart, end: contentEnd + terminator.count)
            if kind == .delimiters {
                let parts = tag.content.split(whereSeparator: \.isBlankOrNewline)
                if parts.count == 2, !parts.contains(where: { $0.contains("=") }) {
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                } else {
                    fail("bad delimiter change \"\(raw)\": expected two delimiters without \"=\" or spaces, as {{=<% %>=}}", at: tagStart)
                }
            }
            tokens.append(.tag(tag))
            position = tag.end
        }
        return tokens
    }

    /// The offset of the first occurrence of `needle` at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                var k = 1
                while k < needle.count {
                    if bytes[index + k] != needle[k] { matched = false; break }
                    k += 1
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
