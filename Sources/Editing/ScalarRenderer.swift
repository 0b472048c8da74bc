import FrontMatter

/// How a text is written as a YAML scalar, keeping the style of the value it replaces where
/// that reads back as the same text:
/// - plain stays plain when the text can be written plain (no leading or trailing blank, no
///   line break, no `: ` or ` #`, no leading indicator such as `-`+space, `[`, `'`, `&`; in
///   a flow list no `,[]{}` either); otherwise double-quoted. A text such as `007` or `true`
///   stays plain (text fields take a scalar's text as written), but an empty text and one
///   that YAML reads as nothing (`~`, `null`) are always quoted, so that the key stays set.
/// - single-quoted stays single-quoted when the text has no line break or control character;
///   double-quoted stays double-quoted.
/// - a block scalar (`|` or `>`) stays a literal block `|` (chomping `|-`, `|` or `|+` as the
///   text ends with no, one or more line breaks) when the new text has a line break;
///   otherwise it becomes a one-line value as a new one would.
/// - a new value is plain when it can be, else double-quoted.
enum ScalarRenderer {
    enum Context { case block, flow }

    static func isNullLike(_ text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// `text` written in the style of the scalar it replaces (`previous`, nil for a new one),
    /// on one line, except a block scalar kept as a block (`blockIndent` spaces a line).
    static func render(_ text: String, replacing previous: YAMLEvent.Style?, context: Context,
                       blockIndent: Int = 2, lineEnding: [UInt8] = [0x0A]) -> String {
        switch previous {
        case .singleQuoted?:
            if let quoted = singleQuoted(text) { return quoted }
        case .doubleQuoted?:
            return doubleQuoted(text)
        case .literal?, .folded?:
            guard context == .block, text.contains("\n") else { break }
            if let block = literalBlock(text, indent: blockIndent, lineEnding: lineEnding) { return block }
        default:
            break
        }
        return plain(text, context: context) ?? doubleQuoted(text)
    }

    /// A key of the top-level mapping: plain when it can be, else double-quoted.
    static func key(_ key: String) -> String {
        plain(key, context: .block) ?? doubleQuoted(key)
    }

    /// `text` as a plain scalar, nil when it would not read back as the same text.
    static func plain(_ text: String, context: Context) -> String? {
        guard !isNullLike(text), let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first != " ", last != " ", text.unicodeScalars.allSatisfy(isPlainCharacter) else { return nil }
        let scalars = Array(text.unicodeScalars)
        let second = scalars.count > 1 ? scalars[1] : nil
        switch first {
        case "-":
            // `-x` is text; `-` alone or `- x` starts a list item.
            guard let second, second != " " else { return nil }
        case "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`":
            return nil
        default:
            break
        }
        for (index, scalar) in scalars.enumerated() {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == ":", next == nil || next == " " { return nil }
            if scalar == "#", index > 0, scalars[index - 1] == " " { return nil }
            if context == .flow, ",[]{}".unicodeScalars.contains(scalar) { return nil }
            if context == .flow, scalar == ":" { return nil }
        }
        // `---` and `...` begin lines that end documents; quoted, they are never mistaken.
        if text.hasPrefix("---") || text.hasPrefix("...") { return nil }
        return text
    }

    /// `text` in single quotes, nil when it holds a line break or a character that needs an escape.
    static func singleQuoted(_ text: String) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0 == "\t" || isPlainCharacter($0) }) else { return nil }
        return "'" + text.replacingAll("'", with: "''") + "'"
    }

    /// `text` in double quotes, with escapes for `"`, `\`, line breaks and other characters
    /// YAML does not allow as they are. Any text can be written so.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            case _ where isPlainCharacter(scalar): out.unicodeScalars.append(scalar)
            case _ where scalar.value <= 0xFF: out += "\\x" + hex(scalar.value, digits: 2)
            case _ where scalar.value <= 0xFFFF: out += "\\u" + hex(scalar.value, digits: 4)
            default: out += "\\U" + hex(scalar.value, digits: 8)
            }
        }
        return out + "\""
    }

    /// `text` (which has a line break) as a literal block: the `|` header, then each line on
    /// a line of its own indented `indent` spaces. Nil when a character needs an escape.
    static func literalBlock(_ text: String, indent: Int, lineEnding: [UInt8]) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0 == "\n" || $0 == "\t" || isPlainCharacter($0) }) else { return nil }
        var content = Substring(text)
        var trailing = 0
        while content.last == "\n" { content.removeLast(); trailing += 1 }
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        var header = "|"
        // The indentation is told when the first line with text begins with a blank, or
        // blank lines before it are longer than the indentation would be.
        let leading = lines.prefix { $0.allSatisfy { $0 == " " } }
        if let firstText = lines.first(where: { !$0.allSatisfy { $0 == " " } }), firstText.first == " " || firstText.first == "\t"
            || leading.contains(where: { !$0.isEmpty }) || content.isEmpty {
            guard indent <= 9 else { return nil }
            header += String(indent)
        }
        header += trailing == 0 ? "-" : trailing == 1 ? "" : "+"
        let eol = String(decoding: lineEnding, as: UTF8.self)
        let pad = String(repeating: " ", count: indent)
        var out = header
        for line in lines { out += eol + (line.isEmpty ? "" : pad + line) }
        for _ in 0..<max(0, trailing - 1) { out += eol }
        return out
    }

    /// A character that may stand as it is in a plain or single-quoted scalar: printable, and
    /// not a line break (YAML 1.1, which libyaml reads, counts NEL, LS and PS as breaks).
    static func isPlainCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: true
        case 0xA0...0xD7FF, 0xE000...0xFFFD: scalar.value != 0xFEFF && scalar.value != 0x2028 && scalar.value != 0x2029
        case 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    /// Every `target` replaced (Foundation's `replacingOccurrences` without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
