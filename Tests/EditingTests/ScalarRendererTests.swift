import Testing
@testable import Editing
@testable import FrontMatter

/// How a text is written: in the style of the value it replaces when that reads back as the
/// same text, else double-quoted.
@Suite struct ScalarRendererTests {
    func render(_ text: String, _ previous: YAMLEvent.Style? = nil, _ context: ScalarRenderer.Context = .block) -> String {
        ScalarRenderer.render(text, replacing: previous, context: context)
    }

    @Test func plainWhenItReadsBackTheSame() {
        #expect(render("São Paulo") == "São Paulo")
        #expect(render("007") == "007")            // a text field takes the scalar as written
        #expect(render("true", .plain) == "true")
        #expect(render("-5") == "-5")
        #expect(render("a:b#c") == "a:b#c")
        #expect(render("http://x.org/a,b") == "http://x.org/a,b")
    }

    @Test func quotedWhenPlainWouldNotReadBack() {
        for text in ["", "~", "null", "a: b", "b:", "x #y", "- x", "-", "[a]", "{a}", "#x", "&a", "*a", "!t", "|", ">",
                     "'q", "\"q", "%x", "@x", "`x", "?x", ":x", " lead", "trail ", "a\tb", "---", "...x", "a\nb"] {
            #expect(render(text).hasPrefix("\""), "\(text) should be quoted")
        }
        #expect(render("a, b", nil, .flow) == "\"a, b\"")
        #expect(render("a:b", nil, .flow) == "\"a:b\"")
        #expect(render("a, b", nil, .block) == "a, b")
    }

    @Test func keepsQuotes() {
        #expect(render("Paris", .singleQuoted) == "'Paris'")
        #expect(render("d'Ivoire", .singleQuoted) == "'d''Ivoire'")
        #expect(render("two\nlines", .singleQuoted) == "\"two\\nlines\"")
        #expect(render("Paris", .doubleQuoted) == "\"Paris\"")
    }

    @Test func escapesInDoubleQuotes() {
        #expect(ScalarRenderer.doubleQuoted("a\"b\\c\nd\te\r\u{7}\u{85}\u{2028}\u{FEFF}é😀")
                == "\"a\\\"b\\\\c\\nd\\te\\r\\x07\\N\\L\\uFEFFé😀\"")
    }

    @Test func literalBlocks() {
        let crlf: [UInt8] = [0x0D, 0x0A]
        #expect(ScalarRenderer.literalBlock("a\nb\n", indent: 2, lineEnding: [0x0A]) == "|\n  a\n  b")
        #expect(ScalarRenderer.literalBlock("a\n\nb", indent: 4, lineEnding: crlf) == "|-\r\n    a\r\n\r\n    b")
        #expect(ScalarRenderer.literalBlock("a\n\n", indent: 2, lineEnding: [0x0A]) == "|+\n  a\n")
        #expect(ScalarRenderer.literalBlock("  indented\nnext\n", indent: 2, lineEnding: [0x0A]) == "|2\n    indented\n  next")
        #expect(ScalarRenderer.literalBlock("bell\u{7}\n", indent: 2, lineEnding: [0x0A]) == nil)
        #expect(render("a\nb", .folded) == "|-\n  a\n  b")
        #expect(render("one line", .literal) == "one line")
    }

    @Test func keys() {
        #expect(ScalarRenderer.key("official_name") == "official_name")
        #expect(ScalarRenderer.key("日本") == "日本")
        #expect(ScalarRenderer.key("a: b") == "\"a: b\"")
        #expect(ScalarRenderer.key("null") == "\"null\"")
    }
}
