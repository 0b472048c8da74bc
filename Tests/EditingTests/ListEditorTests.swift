import Testing
@testable import Editing

/// A list's items added, removed and changed where they are written: the rest of the list,
/// its brackets or `- ` lines, its comments and its items' quoting stay as they were.
@Suite struct ListEditorTests {
    func expect(_ text: String, _ items: [String], gives expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let edit = EntryEdit(fields: [FieldEdit(key: "aliases", value: .list(items))])
        let result = String(decoding: try FrontMatterWriter.apply(edit, to: Array(text.utf8), path: "x.md"), as: UTF8.self)
        #expect(result == expected, sourceLocation: sourceLocation)
    }

    @Test func flowListKeepsItsSeparatorsAndQuotes() throws {
        try expect("---\naliases: ['a','b']\n---\n", ["a", "b", "c"], gives: "---\naliases: ['a','b','c']\n---\n")
        try expect("---\naliases: [a, b]\n---\n", ["z", "a", "b"], gives: "---\naliases: [z, a, b]\n---\n")
        try expect("---\naliases: [a, b, c]\n---\n", ["a", "c"], gives: "---\naliases: [a, c]\n---\n")
        try expect("---\naliases: [a, b, c]\n---\n", ["c"], gives: "---\naliases: [c]\n---\n")
        try expect("---\naliases: [a, b]\n---\n", ["a", "x: y", "b"], gives: "---\naliases: [a, \"x: y\", b]\n---\n")
        try expect("---\naliases: [\n  a,\n  b,\n]\n---\n", ["a", "b", "c"], gives: "---\naliases: [\n  a,\n  b,\n  c,\n]\n---\n")
    }

    @Test func blockListChangesLines() throws {
        let file = "---\naliases:\n- one\n# between\n- two  # second\nname: X\n---\n"
        try expect(file, ["one", "two", "three"], gives: "---\naliases:\n- one\n# between\n- two  # second\n- three\nname: X\n---\n")
        try expect(file, ["zero", "one", "two"], gives: "---\naliases:\n- zero\n- one\n# between\n- two  # second\nname: X\n---\n")
        try expect(file, ["one"], gives: "---\naliases:\n- one\n# between\nname: X\n---\n")
        try expect(file, ["un", "deux"], gives: "---\naliases:\n- un\n# between\n- deux  # second\nname: X\n---\n")
        try expect("---\r\naliases:\r\n  - 'a'\r\n  - 'b'\r\n---\r\n", ["a", "b", "it's"], gives: "---\r\naliases:\r\n  - 'a'\r\n  - 'b'\r\n  - 'it''s'\r\n---\r\n")
    }

    @Test func aTextBecomesAListInBrackets() throws {
        try expect("---\naliases: Holland\n---\n", ["Holland", "NL"], gives: "---\naliases: [Holland, NL]\n---\n")
        try expect("---\naliases: \"Holland\"\n---\n", ["Holland", "NL"], gives: "---\naliases: [\"Holland\", \"NL\"]\n---\n")
        try expect("---\naliases:\nname: X\n---\n", ["a"], gives: "---\naliases: [a]\nname: X\n---\n")
        try expect("---\naliases: ~\n---\n", [], gives: "---\naliases: ~\n---\n")
    }

    @Test func awkwardItemsAreWrittenAnew() throws {
        // An item that is itself a list, or an empty `-`: the list is written anew in brackets.
        try expect("---\naliases:\n  - [a, b]\n  - c\n---\n", ["a", "c"], gives: "---\naliases:\n  - a\n  - c\n---\n")
        try expect("---\naliases:\n  -\n  - c\n---\n", ["b", "c"], gives: "---\naliases: [b, c]\n---\n")
        try expect("---\naliases:\n  - |\n    block\n  - c\n---\n", ["b", "c"], gives: "---\naliases:\n  - b\n  - c\n---\n")
    }
}
