import Testing
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

/// The front matter stage: splitting, scalar types, and errors located in the whole file.
@Suite struct FrontMatterParserTests {
    let path = "content/cities/madrid.md"

    func parse(_ text: String) throws(DiagnosticList) -> FrontMatterDocument {
        try FrontMatterParser.parse(SourceFile(path: path, text: text))
    }

    /// The diagnostics of a file that must fail, as `path:line:col: message` lines.
    func errors(_ text: String) -> [String] {
        do {
            let document = try parse(text)
            Issue.record("expected errors, parsed \(document)")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func values(_ text: String) throws -> [String: YAMLValue] {
        guard case .mapping(let entries) = try parse(text).frontMatter.value else { return [:] }
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value.value) })
    }

    @Test func splitsFrontMatterAndBody() throws {
        let document = try parse("---\nname: Madrid\ncountry: spain\n---\n# Madrid\n\nCapital of Spain.\n")
        guard case .mapping(let entries) = document.frontMatter.value else { Issue.record("not a mapping"); return }
        #expect(entries.map(\.key) == ["name", "country"])
        #expect(entries[1].keyLocation == SourceLocation(path: path, line: 3, column: 1))
        #expect(entries[1].value == YAMLNode(value: .string("spain"), location: SourceLocation(path: path, line: 3, column: 10)))
        #expect(document.body == "# Madrid\n\nCapital of Spain.\n")
        #expect(document.bodyStartLine == 5)
    }

    @Test func resolvesScalarsWithTheCoreSchemaNotYAML11() throws {
        let values = try values("""
            ---
            country: NO
            answer: yes
            switch: off
            visited: true
            closed: False
            rating: 1.5
            population: 3300000
            hex: 0x1F
            quoted: "12"
            single: 'true'
            nothing: ~
            empty:
            tagged: !!str 42
            exponent: 1e3
            fraction: .5
            negative: -2.5E-1
            notFloat: 1.2.3
            notExponent: 1e
            version: 1.0a
            block: |
              line one
              line two
            ---
            """)
        #expect(values["country"] == .string("NO"))
        #expect(values["answer"] == .string("yes"))
        #expect(values["switch"] == .string("off"))
        #expect(values["visited"] == .bool(true))
        #expect(values["closed"] == .bool(false))
        #expect(values["rating"] == .double(1.5))
        #expect(values["population"] == .int(3_300_000))
        #expect(values["hex"] == .int(31))
        #expect(values["quoted"] == .string("12"))
        #expect(values["single"] == .string("true"))
        #expect(values["nothing"] == .null)
        #expect(values["empty"] == .null)
        #expect(values["tagged"] == .string("42"))
        #expect(values["exponent"] == .double(1000))
        #expect(values["fraction"] == .double(0.5))
        #expect(values["negative"] == .double(-0.25))
        #expect(values["notFloat"] == .string("1.2.3"))
        #expect(values["notExponent"] == .string("1e"))
        #expect(values["version"] == .string("1.0a"))
        #expect(values["block"] == .string("line one\nline two\n"))
    }

    @Test func listsAndNestedMappingsKeepTheirLocations() throws {
        let values = try values("---\ncontinents:\n  - Europe\n  - Asia\nmarkdown: {unsafe: true}\n---\n")
        #expect(values["continents"] == .sequence([
            YAMLNode(value: .string("Europe"), location: SourceLocation(path: path, line: 3, column: 5)),
            YAMLNode(value: .string("Asia"), location: SourceLocation(path: path, line: 4, column: 5)),
        ]))
        #expect(values["markdown"] == .mapping([YAMLEntry(
            key: "unsafe", keyLocation: SourceLocation(path: path, line: 5, column: 12),
            value: YAMLNode(value: .bool(true), location: SourceLocation(path: path, line: 5, column: 20)))]))
    }

    @Test func acceptsDotsAsCloserAndEmptyFrontMatter() throws {
        #expect(try values("---\nname: Oslo\n...\nBody\n") == ["name": .string("Oslo")])
        let empty = try parse("---\n---\nBody\n")
        #expect(empty.frontMatter == YAMLNode(value: .mapping([]), location: SourceLocation(path: path)))
        #expect(empty.body == "Body\n")
        #expect(empty.bodyStartLine == 3)
        let noBody = try parse("---\nname: Oslo\n---")
        #expect(noBody.body == "")
        #expect(noBody.bodyStartLine == 4)
    }

    @Test func toleratesCRLFAndAByteOrderMark() throws {
        let document = try parse("\u{FEFF}---\r\nname: Madrid\r\ncountry: spain\r\n---\r\nBody\r\n")
        guard case .mapping(let entries) = document.frontMatter.value else { Issue.record("not a mapping"); return }
        #expect(entries.map(\.value.value) == [.string("Madrid"), .string("spain")])
        #expect(entries[1].value.location == SourceLocation(path: path, line: 3, column: 10))
        #expect(document.body == "Body\r\n")
        #expect(document.bodyStartLine == 5)
        #expect(errors("\u{FEFF}---\r\nname: a\r\nname: b\r\n---\r\n")
                == ["\(path):3:1: duplicate key 'name' (first defined on line 2)"])
    }

    /// Files saved with a lone CR at each line's end (old Mac editors) read as the others do.
    @Test func toleratesLoneCarriageReturns() throws {
        let document = try parse("---\rname: Madrid\rcountry: spain\r---\r\rBody\r")
        guard case .mapping(let entries) = document.frontMatter.value else { Issue.record("not a mapping"); return }
        #expect(entries.map(\.value.value) == [.string("Madrid"), .string("spain")])
        #expect(entries[1].value.location == SourceLocation(path: path, line: 3, column: 10))
        #expect(document.body == "\rBody\r")
        #expect(document.bodyStartLine == 5)
    }

    @Test func missingOrUnclosedFrontMatterIsAnError() {
        #expect(errors("# Madrid\n\nNo front matter.\n").first?.hasPrefix("\(path):1:1: missing front matter") == true)
        #expect(errors("").first?.hasPrefix("\(path):1:1: missing front matter") == true)
        #expect(errors("--- \nname: Madrid\n# Madrid\n")
                == ["\(path):1:1: the front matter that begins here is never closed: add a line '---' after it"])
    }

    @Test func reportsEveryDuplicateKeyAtItsSecondOccurrence() {
        #expect(errors("---\nname: Madrid\ncountry: spain\nname: Paris\nx: 1\nx: 2\nx: 3\n---\n") == [
            "\(path):4:1: duplicate key 'name' (first defined on line 2)",
            "\(path):6:1: duplicate key 'x' (first defined on line 5)",
            "\(path):7:1: duplicate key 'x' (first defined on line 5)",
        ])
        #expect(errors("---\nmarkdown:\n  unsafe: true\n  unsafe: false\n---\n")
                == ["\(path):4:3: duplicate key 'unsafe' (first defined on line 3)"])
    }

    @Test func malformedYAMLPointsAtTheProblem() {
        // Bad indentation: libyaml sees a second `key: value` on the value's line.
        #expect(errors("---\nname: Madrid\n  country: spain\n---\n")
                == ["\(path):3:10: this line is indented under a key that already has a value: remove the spaces before it"])
        // A tab used for indentation.
        let tab = errors("---\nname: Madrid\n\tcountry: spain\n---\n")
        #expect(tab.count == 1 && tab[0].hasPrefix("\(path):3:1: this line is indented with a tab"))
        #expect(errors("---\n\tname: Madrid\n---\n") == ["\(path):2:1: this line is indented with a tab, and YAML accepts only spaces: "
                                                         + "replace the tab with spaces"])
        // An unclosed quote points at the quote, not at the end of the front matter.
        #expect(errors("---\nname: \"Madrid\ncountry: spain\n---\n")
                == ["\(path):2:7: the quoted text that starts here is never closed: add the closing quote"])
        // A control character, reported by libyaml's reader with a byte offset.
        #expect(errors("---\nname: Café\u{01}\n---\n") == ["\(path):2:11: malformed YAML: control characters are not allowed"])
    }

    @Test func topLevelMustBeAMapping() {
        #expect(errors("---\n- Madrid\n- Paris\n---\n")
                == ["\(path):2:1: front matter must be a mapping of keys to values, such as 'name: Madrid'"])
        #expect(errors("---\nJust text\n---\n").count == 1)
    }

    @Test func refusesAnchorsAliasesTagsAndCollectionKeys() {
        #expect(errors("---\nbase: &b Madrid\nname: *b\nflag: !image x.png\npopulation: !!int many\n[a, b]: c\n---\n") == [
            "\(path):2:7: anchors and aliases are not supported in front matter",
            "\(path):3:7: anchors and aliases are not supported in front matter",
            "\(path):4:7: unsupported tag '!image' (only standard tags such as !!str are allowed)",
            "\(path):5:13: 'many' is not a valid !!int",
            "\(path):6:1: mapping keys must be plain text, not lists or mappings",
        ])
    }

    @Test func limitsNestingTo64Levels() throws {
        // The top-level mapping is level 1, so 63 lists fit and a 64th does not.
        let fits = "---\na: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n---\n"
        _ = try parse(fits)
        let tooDeep = "---\na: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "\n---\n"
        #expect(errors(tooDeep) == ["\(path):2:67: front matter is nested more than 64 levels deep"])
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        let bytes = Array("---\nname: Caf".utf8) + [0xE9] + Array("\n---\n".utf8)
        #expect(throws: DiagnosticList.self) { try SourceFile(path: path, contents: bytes) }
        do {
            _ = try SourceFile(path: path, contents: bytes)
        } catch {
            #expect(error.diagnostics.map(\.description)
                    == ["\(path):2:10: invalid UTF-8 (byte 0xE9): files must be UTF-8 text"])
        }
        #expect((try? SourceFile(path: path, contents: Array("---\nname: Café\n---\n".utf8)))?.text == "---\nname: Café\n---\n")
    }

    /// The parts of a file as byte offsets, for edit mode's writer: a BOM, CRLF lines, `...`.
    @Test func splitGivesByteOffsets() throws {
        let parts = try FrontMatterParser.split(SourceFile(path: path, text: "\u{FEFF}---\r\nname: Zürich\r\n...\r\nBody"))
        #expect(parts == FrontMatterSplit(openingLine: 3..<8, yaml: 8..<23, closingLine: 23..<28, body: 28..<32, bodyStartLine: 4))
        let bare = try FrontMatterParser.split(SourceFile(path: path, text: "---\n---"))
        #expect(bare == FrontMatterSplit(openingLine: 0..<4, yaml: 4..<4, closingLine: 4..<7, body: 7..<7, bodyStartLine: 3))
        #expect(throws: DiagnosticList.self) { try FrontMatterParser.split(SourceFile(path: path, text: "---\nname: x\n")) }
    }
}
