import Testing
@testable import Editing

/// Seeded random front matter written the ways editors write it (every quoting, flow and
/// block lists, block scalars, comments, CRLF, a BOM, non-ASCII keys) and random edits: a
/// well-formed file is never refused, each value edited reads back as typed, and the lines
/// of every key not edited are still in the file byte for byte.
@Suite struct GeneratedEditTests {
    /// SplitMix64: the same files on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keys = ["name", "capital", "motto", "aliases", "official_name", "日本", "clé", "\"quoted key\""]
    static let texts = ["Paris", "São Paulo", "007", "true", "", "null", "a: b", "x #y", "- x", "it's", "say \"hi\"", "back\\slash",
                        "two\nlines", "two\nlines\n", "日本語 🇯🇵", "  lead", "trail ", "[a, b]", "a, b", "-5", "tab\there", "Ω"]

    /// One value as written, over one or more lines (each without its line end).
    static func value(_ random: inout Seeded) -> [String] {
        let comment = Bool.random(using: &random) ? "  # note" : ""
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return [" Lyon" + comment]
        case 1: return [" 'd''Ivoire'" + comment]
        case 2: return [" \"é \\\"x\\\"\"" + comment]
        case 3: return [" [Gaul, 'Hexagone', \"Frankreich\"]" + comment]
        case 4: return ["" + comment, "  - Gaul" + comment, "  - 'Hexagone'"]
        case 5: return [" |", "  Liberty,", "  equality."]
        case 6: return [" >-", "    folded", "    text"]
        case 7: return ["" + comment]
        default: return ["", "- 日本", "- 🇫🇷 x"]
        }
    }

    static func file(_ random: inout Seeded) -> (text: String, keys: [String]) {
        let eol = Bool.random(using: &random) ? "\r\n" : "\n"
        var lines = ["---"]
        var keys: [String] = []
        for key in Self.keys.shuffled(using: &random).prefix(Int.random(in: 0...6, using: &random)) {
            if Int.random(in: 0..<4, using: &random) == 0 { lines.append("# about \(key)") }
            if Int.random(in: 0..<5, using: &random) == 0 { lines.append("") }
            var value = value(&random)
            value[0] = key + ":" + value[0]
            lines += value
            keys.append(key.hasPrefix("\"") ? String(key.dropFirst().dropLast()) : key)
        }
        lines.append(Bool.random(using: &random) ? "---" : "...")
        let body = ["", "Body.", "Body é\nline two", "\n# Heading\n\nText"][Int.random(in: 0..<4, using: &random)]
        let bom = Int.random(in: 0..<5, using: &random) == 0 ? "\u{FEFF}" : ""
        let ending = Bool.random(using: &random) ? eol : ""
        return (bom + lines.joined(separator: eol) + eol + body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: eol) + ending, keys)
    }

    static func edit(keys: [String], _ random: inout Seeded) -> EntryEdit {
        var edit = EntryEdit()
        for key in (keys + ["new", "nouvelle clé"]).shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)) {
            let text = texts.randomElement(using: &random)!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: edit.fields.append(FieldEdit(key: key, value: nil))
            case 1: edit.fields.append(FieldEdit(key: key, value: .list((0..<Int.random(in: 0...3, using: &random)).map { _ in
                texts.filter { !$0.isEmpty && $0 != "null" }.randomElement(using: &random)! })))
            default: edit.fields.append(FieldEdit(key: key, value: .text(text)))
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0 { edit.body = "New *body*\nwith lines\n" }
        return edit
    }

    @Test func randomEditsOfWellFormedFiles() throws {
        var random = Seeded(state: 2025)
        for _ in 0..<600 {
            let (text, keys) = Self.file(&random)
            let edit = Self.edit(keys: keys, &random)
            let bytes = Array(text.utf8)
            let before = try LocatedFrontMatter(bytes, path: "x.md")
            let result: [UInt8]
            do {
                result = try FrontMatterWriter.apply(edit, to: bytes, path: "x.md")
            } catch {
                Issue.record("refused: \(error.message)\nfile: \(String(reflecting: text))\nedit: \(edit)")
                continue
            }
            let after = try LocatedFrontMatter(result, path: "x.md")
            for field in edit.fields {
                let entry = after.entry(field.key)
                switch field.value {
                case nil: #expect(entry == nil)
                case let value?:
                    let unchanged = before.entry(field.key)?.reads(as: value) ?? false
                    #expect(unchanged || entry?.editValue == value, "\(field.key) in \(String(reflecting: String(decoding: result, as: UTF8.self)))")
                }
            }
            // Every key not edited keeps its lines byte for byte.
            for entry in before.entries where !edit.fields.contains(where: { $0.key == entry.key }) {
                let lines = Array(bytes[entry.lines])
                #expect(result.indices.contains { result[$0...].starts(with: lines) }, "lost: \(String(decoding: lines, as: UTF8.self))")
            }
        }
    }
}
