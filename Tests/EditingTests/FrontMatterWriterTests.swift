import Testing
@testable import Editing

/// Editing one value changes that value's bytes only: each test gives a file, an edit and
/// the exact file expected.
@Suite struct FrontMatterWriterTests {
    let path = "content/countries/france.md"

    func edited(_ text: String, _ fields: [(String, EditValue?)], body: String? = nil) throws -> String {
        let edit = EntryEdit(fields: fields.map { FieldEdit(key: $0.0, value: $0.1) }, body: body)
        return String(decoding: try FrontMatterWriter.apply(edit, to: Array(text.utf8), path: path), as: UTF8.self)
    }

    func expect(_ text: String, _ fields: [(String, EditValue?)], body: String? = nil, gives expected: String,
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try edited(text, fields, body: body)
        #expect(result == expected, sourceLocation: sourceLocation)
    }

    func refusal(_ text: String, _ fields: [(String, EditValue?)]) -> EditRefusal? {
        do {
            let result = try edited(text, fields)
            Issue.record("expected a refusal, got \(result)")
            return nil
        } catch let error as EditRefusal {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func changesOnlyThePlainValueEdited() throws {
        let file = "---\n# The country\nname: France   # its short name\n\ncapital: Paris\nmotto: 'Liberté'\n---\nBody *text*.\n"
        try expect(file, [("capital", .text("Lyon"))], gives: "---\n# The country\nname: France   # its short name\n\ncapital: Lyon\nmotto: 'Liberté'\n---\nBody *text*.\n")
    }

    @Test func keepsQuotingStyles() throws {
        let file = "---\na: 'single'\nb: \"double\"\nc: plain\n---\n"
        try expect(file, [("a", .text("it's"))], gives: "---\na: 'it''s'\nb: \"double\"\nc: plain\n---\n")
        try expect(file, [("b", .text("say \"hi\" \\ bye"))], gives: "---\na: 'single'\nb: \"say \\\"hi\\\" \\\\ bye\"\nc: plain\n---\n")
        try expect(file, [("c", .text("a: b"))], gives: "---\na: 'single'\nb: \"double\"\nc: \"a: b\"\n---\n")
        try expect(file, [("a", .text("two\nlines"))], gives: "---\na: \"two\\nlines\"\nb: \"double\"\nc: plain\n---\n")
    }

    @Test func leavesAValueThatReadsTheSameAsItIs() throws {
        let file = "---\nname: 'France'\naliases: Gaul\n---\n"
        try expect(file, [("name", .text("France")), ("aliases", .list(["Gaul"]))], gives: file)
    }

    @Test func crlfAndNonASCII() throws {
        let file = "\u{FEFF}---\r\nname: Côte d’Ivoire 🇨🇮\r\ncapital: 日本\r\nmotto: x\r\n---\r\nTexte é.\r\n"
        try expect(file, [("capital", .text("Yamoussoukro ✓"))], gives: "\u{FEFF}---\r\nname: Côte d’Ivoire 🇨🇮\r\ncapital: Yamoussoukro ✓\r\nmotto: x\r\n---\r\nTexte é.\r\n")
        try expect(file, [("new", .text("😀"))], body: "Line one\nLine two\n", gives: "\u{FEFF}---\r\nname: Côte d’Ivoire 🇨🇮\r\ncapital: 日本\r\nmotto: x\r\nnew: 😀\r\n---\r\nLine one\r\nLine two\r\n")
        try expect(file, [("motto", nil)], gives: "\u{FEFF}---\r\nname: Côte d’Ivoire 🇨🇮\r\ncapital: 日本\r\n---\r\nTexte é.\r\n")
    }

    @Test func flowListItems() throws {
        let file = "---\naliases: [Gaul, \"Hexagone\", La France]  # names\n---\n"
        try expect(file, [("aliases", .list(["Gaul", "Hexagone", "La France", "Frankreich"]))], gives: "---\naliases: [Gaul, \"Hexagone\", La France, Frankreich]  # names\n---\n")
        try expect(file, [("aliases", .list(["Gaul", "La France"]))], gives: "---\naliases: [Gaul, La France]  # names\n---\n")
        try expect(file, [("aliases", .list(["Hexagone", "La France"]))], gives: "---\naliases: [\"Hexagone\", La France]  # names\n---\n")
        try expect(file, [("aliases", .list([]))], gives: "---\naliases: []  # names\n---\n")
        try expect("---\naliases: []\n---\n", [("aliases", .list(["a", "b, c"]))], gives: "---\naliases: [a, \"b, c\"]\n---\n")
    }

    @Test func blockListItems() throws {
        let file = "---\naliases:\n  - Gaul   # old\n  - 'Hexagone'\ncapital: Paris\n---\n"
        try expect(file, [("aliases", .list(["Gaul", "Hexagone", "Frankreich"]))], gives: "---\naliases:\n  - Gaul   # old\n  - 'Hexagone'\n  - Frankreich\ncapital: Paris\n---\n")
        try expect(file, [("aliases", .list(["Hexagone"]))], gives: "---\naliases:\n  - 'Hexagone'\ncapital: Paris\n---\n")
        try expect(file, [("aliases", .list(["Gallia", "Hexagone"]))], gives: "---\naliases:\n  - Gallia   # old\n  - 'Hexagone'\ncapital: Paris\n---\n")
        try expect(file, [("aliases", .list([]))], gives: "---\naliases: []\ncapital: Paris\n---\n")
    }

    @Test func blockScalars() throws {
        let file = "---\nmotto: |\n    Liberty,\n    equality.\n\nname: France\n---\n"
        try expect(file, [("motto", .text("Unity,\nwork.\n"))], gives: "---\nmotto: |\n    Unity,\n    work.\n\nname: France\n---\n")
        try expect(file, [("motto", .text("One line"))], gives: "---\nmotto: One line\n\nname: France\n---\n")
        try expect("---\nm: >-\n  folded\n  text\n---\n", [("m", .text("a\nb"))], gives: "---\nm: |-\n  a\n  b\n---\n")
    }

    @Test func addsAndRemovesKeys() throws {
        let file = "---\nname: France\n# about the motto\nmotto: x  # trailing\nofficial: République\n---\nBody\n"
        try expect(file, [("motto", nil)], gives: "---\nname: France\n# about the motto\nofficial: République\n---\nBody\n")
        try expect(file, [("capital", .text("Paris")), ("aliases", .list(["a", "b"]))], gives: "---\nname: France\n# about the motto\nmotto: x  # trailing\nofficial: République\ncapital: Paris\naliases: [a, b]\n---\nBody\n")
        try expect("---\n---\n", [("name", .text("X"))], gives: "---\nname: X\n---\n")
        try expect("---\nname: A\n...\nBody", [("name", .text("B"))], gives: "---\nname: B\n...\nBody")
        try expect("---\nname: A\n---", [("name", .text("B"))], body: "Text", gives: "---\nname: B\n---\nText")
        try expect("---\nmotto:\nname: A\n---\n", [("motto", .text("Hi"))], gives: "---\nmotto: Hi\nname: A\n---\n")
    }

    @Test func refusesWhatItCannotEditSafely() {
        #expect(refusal("---\nname: &n France\nother: *n\n---\n", [("name", .text("X"))]) != nil)
        #expect(refusal("---\nname: !!str 12\n---\n", [("name", .text("X"))])?.key == "name")
        #expect(refusal("---\nname: A\nname: B\n---\n", [("name", .text("X"))]) != nil)
        #expect(refusal("---\n? name\n: A\n---\n", [("name", .text("X"))])?.key == "name")
        #expect(refusal("---\nname: A\n---\n", [("name", .text("X")), ("name", nil)]) != nil)
    }

    @Test func newFile() throws {
        let bytes = try FrontMatterWriter.newFile(fields: [("name", .text("São Paulo")), ("country", .text("brazil")),
                                                           ("aliases", .list(["Sampa", "a: b"])), ("motto", .text(""))],
                                                  body: "A city.")
        #expect(String(decoding: bytes, as: UTF8.self)
                == "---\nname: São Paulo\ncountry: brazil\naliases: [Sampa, \"a: b\"]\nmotto: \"\"\n---\n\nA city.\n")
    }
}

/// The edges of a file: its line ends, its closing line, its body.
@Suite struct FrontMatterWriterEdgeTests {
    func edited(_ text: String, _ fields: [(String, EditValue?)] = [], body: String? = nil) throws -> String {
        let edit = EntryEdit(fields: fields.map { FieldEdit(key: $0.0, value: $0.1) }, body: body)
        return String(decoding: try FrontMatterWriter.apply(edit, to: Array(text.utf8), path: "x.md"), as: UTF8.self)
    }

    @Test func bodyReplacedAsTypedWithTheFilesLineEnds() throws {
        #expect(try edited("---\r\na: b\r\n---\r\n\r\nOld\r\n", body: "\nNew\nlines\r\n") == "---\r\na: b\r\n---\r\n\r\nNew\r\nlines\r\n")
        #expect(try edited("---\ra: b\r---\rOld", body: "New\nText") == "---\ra: b\r---\rNew\rText")
        // Only the line ends differ (a browser sends LF): the file is left as it is.
        #expect(try edited("---\na: b\n---\nMixed\r\nends\n", body: "Mixed\nends\n") == "---\na: b\n---\nMixed\r\nends\n")
        #expect(try edited("---\na: b\n---\nOld\n", body: "") == "---\na: b\n---\n")
    }

    @Test func aFileWithoutItsLastLineEnd() throws {
        #expect(try edited("---\na: b\n---\nBody", [("a", .text("c"))]) == "---\na: c\n---\nBody")
        #expect(try edited("---\na: b\n---", [("c", .text("d"))], body: "Body") == "---\na: b\nc: d\n---\nBody")
    }

    @Test func nullLikeAndEmptyTextsAreQuotedToStaySet() throws {
        #expect(try edited("---\nmotto: x\n---\n", [("motto", .text(""))]) == "---\nmotto: \"\"\n---\n")
        #expect(try edited("---\nmotto: x\n---\n", [("motto", .text("null"))]) == "---\nmotto: \"null\"\n---\n")
        #expect(try edited("---\nmotto: x\n---\n", [("motto", .text("1850"))]) == "---\nmotto: 1850\n---\n")
        #expect(try edited("---\nmotto: \"x\"\n---\n", [("motto", .text("1850"))]) == "---\nmotto: \"1850\"\n---\n")
    }

    @Test func blockScalarsInACRLFFile() throws {
        let file = "---\r\nmotto: >\r\n  Folded\r\n  text\r\nname: A\r\n---\r\n"
        #expect(try edited(file, [("motto", .text("Two\nlines\n"))]) == "---\r\nmotto: |\r\n  Two\r\n  lines\r\nname: A\r\n---\r\n")
        #expect(try edited(file, [("motto", .text("Kept\n\n"))]) == "---\r\nmotto: |+\r\n  Kept\r\n\r\nname: A\r\n---\r\n")
        #expect(try edited(file, [("motto", nil)]) == "---\r\nname: A\r\n---\r\n")
    }

    @Test func indentedKeysAndValuesOnTheirOwnLine() throws {
        #expect(try edited("---\n  name: A\n  b: c\n---\n", [("d", .text("e"))]) == "---\n  name: A\n  b: c\n  d: e\n---\n")
        #expect(try edited("---\nmotto:\n  'Long'\nb: c\n---\n", [("motto", .text("It's"))]) == "---\nmotto:\n  'It''s'\nb: c\n---\n")
        #expect(try edited("---\nplace:\n  city: A\n  zip: 1\nb: c\n---\n", [("place", .text("A"))]) == "---\nplace: A\nb: c\n---\n")
    }

    @Test func refusals() throws {
        #expect(throws: EditRefusal.self) { try edited("---\n{name: A}\n---\n", [("name", .text("B"))]) }
        #expect(try edited("---\n{name: A}\n---\nOld\n", body: "New\n") == "---\n{name: A}\n---\nNew\n")
        #expect(throws: EditRefusal.self) { try edited("---\nname: A\n---\n", [("a\nb", .text("B"))]) }
        #expect(throws: EditRefusal.self) { try edited("---\nname: A\n---\n", [("", .text("B"))]) }
        #expect(throws: EditRefusal.self) { try edited("no front matter\n", body: "x") }
    }

    @Test func newFileQuotesAndRefuses() throws {
        let bytes = try FrontMatterWriter.newFile(fields: [("name", .text("Côte d'Ivoire")), ("aliases", .list([])), ("n", .text("null"))],
                                                  body: "Line\r\nline\n")
        #expect(String(decoding: bytes, as: UTF8.self) == "---\nname: Côte d'Ivoire\naliases: []\nn: \"null\"\n---\n\nLine\nline\n")
        #expect(String(decoding: try FrontMatterWriter.newFile(fields: [("name", .text("X"))], body: ""), as: UTF8.self) == "---\nname: X\n---\n")
        #expect(throws: EditRefusal.self) { try FrontMatterWriter.newFile(fields: [("name", .text("X")), ("name", .text("Y"))], body: "") }
    }
}
