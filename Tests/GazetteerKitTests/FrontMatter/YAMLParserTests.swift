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
}
