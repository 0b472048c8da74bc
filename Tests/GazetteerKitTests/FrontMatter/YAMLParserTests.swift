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

/// The whole-file YAML helper used for `gazetteer.yaml`.
@Suite struct YAMLParserTests {
    @Test func emptyDocumentIsNull() throws {
        #expect(try YAMLParser.parse("", path: "gazetteer.yaml").value == .null)
        #expect(try YAMLParser.parse("# only a comment\n", path: "gazetteer.yaml").value == .null)
    }

    @Test func parsesAWholeFileWithLineOffset() throws {
        let node = try YAMLParser.parse("title: Guide\n", path: "gazetteer.yaml", lineOffset: 10)
        #expect(node == YAMLNode(
            value: .mapping([YAMLEntry(key: "title", keyLocation: SourceLocation(path: "gazetteer.yaml", line: 11, column: 1),
                                       value: YAMLNode(value: .string("Guide"), location: SourceLocation(path: "gazetteer.yaml", line: 11, column: 8)))]),
            location: SourceLocation(path: "gazetteer.yaml", line: 11, column: 1)))
    }

    @Test func namesTheFileInItsMessages() {
        #expect(throws: DiagnosticList.self) { try YAMLParser.parse("a: 1\n---\nb: 2\n", path: "site/gazetteer.yaml") }
        do {
            _ = try YAMLParser.parse("a: 1\n---\nb: 2\n", path: "site/gazetteer.yaml")
        } catch {
            #expect(error.description == "site/gazetteer.yaml:2:1: gazetteer.yaml must hold a single YAML document")
        }
    }

    /// Edit mode's writer edits by these: libyaml's marks in Unicode scalars, and the styles.
    @Test func eventsCarrySpansAndStyles() {
        let (events, error) = YAMLParser.events("é: 'x'\r\nb: [1, \"2\"]\nc: |\n  t\n", path: "x.md", lineOffset: 1)
        #expect(error == nil)
        let scalars = events.compactMap { event -> (String, Range<Int>, YAMLEvent.Style?)? in
            if case .scalar(let text, _) = event.kind { return (text, event.span, event.style) }
            return nil
        }
        #expect(scalars.map(\.0) == ["é", "x", "b", "1", "2", "c", "t\n"])
        // `é` is one scalar, the CRLF two: `b` starts at 8.
        #expect(scalars.map(\.1) == [0..<1, 3..<6, 8..<9, 12..<13, 15..<18, 20..<21, 23..<29])
        #expect(scalars.map(\.2) == [.plain, .singleQuoted, .plain, .plain, .doubleQuoted, .plain, .literal])
        let flow = events.first { if case .sequenceStart = $0.kind { true } else { false } }
        #expect(flow?.style == .flow && flow?.span.lowerBound == 11)
        #expect(events.first { if case .mappingStart = $0.kind { true } else { false } }?.style == .block)
    }

    @Test func eventsStopAtASyntaxError() {
        let (events, error) = YAMLParser.events("a: 1\nb: [2\n", path: "x.md", lineOffset: 1)
        #expect(error != nil)
        #expect(events.contains { if case .scalar("a", _) = $0.kind { true } else { false } })
    }
}
