import Testing
@testable import Editing

/// Where each value is written, in bytes: libyaml counts Unicode scalars (and a CRLF as two),
/// so every offset after a non-ASCII character or a CRLF must still land on its value.
@Suite struct LocatedFrontMatterTests {
    func located(_ text: String) throws -> LocatedFrontMatter {
        try LocatedFrontMatter(Array(text.utf8), path: "content/cities/x.md")
    }

    /// The bytes of a span, as text.
    func text(_ file: LocatedFrontMatter, _ span: Range<Int>) -> String {
        String(decoding: file.bytes[span], as: UTF8.self)
    }

    func scalarSpan(_ file: LocatedFrontMatter, _ key: String) -> String? {
        guard case .scalar(let scalar)? = file.entry(key)?.value else { return nil }
        return text(file, scalar.span)
    }

    @Test func offsetsAfterNonASCIIText() throws {
        let file = try located("---\nname: Zürich 日本 🇨🇭\n\"ключ\": 'значение'\nmotto: \"é\\\"\" # ok\n---\n")
        #expect(scalarSpan(file, "name") == "Zürich 日本 🇨🇭")
        #expect(scalarSpan(file, "ключ") == "'значение'")
        #expect(scalarSpan(file, "motto") == "\"é\\\"\"")
        #expect(file.entry("ключ").map { text(file, $0.keySpan) } == "\"ключ\"")
        #expect(file.entry("motto").map { text(file, $0.lines) } == "motto: \"é\\\"\" # ok\n")
    }

    @Test func offsetsInACRLFFileWithAByteOrderMark() throws {
        let file = try located("\u{FEFF}---\r\nname: Łódź\r\naliases:\r\n  - Lodz   # ascii\r\n  - 'Лодзь'\r\ncapital: no\r\n---\r\n")
        #expect(file.lineEnding == [0x0D, 0x0A])
        #expect(scalarSpan(file, "name") == "Łódź")
        #expect(scalarSpan(file, "capital") == "no")
        guard case .sequence(let list)? = file.entry("aliases")?.value else { Issue.record("no list"); return }
        #expect(list.style == .block)
        #expect(list.items.map { text(file, $0.span) } == ["Lodz", "'Лодзь'"])
        #expect(file.entry("aliases").map { text(file, $0.lines) } == "aliases:\r\n  - Lodz   # ascii\r\n  - 'Лодзь'\r\n")
    }

    @Test func aByteOrderMarkOpeningTheYAMLIsNotCounted() throws {
        // libyaml skips a BOM at the start of its input without counting it.
        let file = try located("---\n\u{FEFF}name: é\nb: c\n---\n")
        #expect(scalarSpan(file, "name") == "é")
        #expect(scalarSpan(file, "b") == "c")
    }

    @Test func blockScalarsEndAtTheirLastCharacter() throws {
        let file = try located("---\nmotto: |\n  Unity,\n  work.  \n\n\nnext: x\n---\n")
        #expect(scalarSpan(file, "motto") == "|\n  Unity,\n  work.")
        #expect(file.entry("motto").map { text(file, $0.lines) } == "motto: |\n  Unity,\n  work.  \n")
    }

    @Test func anEmptyValueAndAFlowList() throws {
        let file = try located("---\nempty:   # nothing yet\nlist: [a, 'b', [c, d]]  # three\n---\n")
        #expect(file.entry("empty")?.afterColon == 10)
        #expect(file.entry("empty").map { text(file, $0.lines) } == "empty:   # nothing yet\n")
        guard case .sequence(let list)? = file.entry("list")?.value else { Issue.record("no list"); return }
        #expect(text(file, list.span) == "[a, 'b', [c, d]]")
        #expect(list.items.map { text(file, $0.span) } == ["a", "'b'", "[c, d]"])
        #expect(file.entry("list")?.editValue == nil)
    }

    @Test func aFileTheBuildRefusesIsRefusedWithItsMessage() {
        #expect(throws: EditRefusal.self) { try located("---\nname: [unclosed\n---\n") }
        do {
            _ = try located("---\nname: a\nname: b\n---\n")
        } catch let refusal as EditRefusal {
            #expect(refusal.message.hasPrefix("content/cities/x.md:3:1: duplicate key 'name'"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: EditRefusal.self) { try LocatedFrontMatter([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A], path: "x.md") }
    }
}
