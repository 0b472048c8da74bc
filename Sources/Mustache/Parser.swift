/// Parses one template (UTF-8 bytes) into a tree of nodes, applying the spec's standalone-line
/// rules once, at parse time, so that rendering only walks the tree.
struct Parser {
    private let bytes: [UInt8]
    private let name: String
    private let path: String
    /// For line and column numbers.
    private let lines: SourceLines
    private(set) var errors: [MustacheError] = []
    /// At most this many errors are reported for one template, then one line saying how
    /// many more there are: a broken template fills no more than a screen.
    static let maximumErrors = 10

    init(_ source: TemplateSource) {
        self.bytes = Array(source.text.utf8)
        self.name = source.name
        self.path = source.path
        self.lines = SourceLines(bytes)
    }

    /// The parsed template, or nil when `errors` says why not.
    mutating func parse() -> ParsedTemplate? {
        let tokens = tokenize()
        var builder = TreeBuilder(bytes: bytes, path: path, lines: lines)
        let nodes = builder.build(tokens)
        errors += builder.errors
        errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        guard errors.isEmpty else {
            errors = Self.capped(errors)
            return nil
        }
        return ParsedTemplate(name: name, path: path, references: builder.references, compiled: Compiler(nodes))
    }

    /// The first `maximumErrors` errors and, past them, one more line at the first one left
    /// out: `... and 19,990 more errors in this template` (so never "1 more": that one is shown).
    static func capped(_ errors: [MustacheError]) -> [MustacheError] {
        guard errors.count > maximumErrors + 1 else { return errors }
        var kept = Array(errors.prefix(maximumErrors))
        var more = errors[maximumErrors]
        let count = errors.count - maximumErrors
        more.message = "... and \(grouped(count)) more errors in this template"
        kept.append(more)
        return kept
    }

    /// `19990` as `19,990`.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private mutating func fail(_ message: String, at offset: Int) {
        errors.append(lines.position(of: offset).error(message, in: path))
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
