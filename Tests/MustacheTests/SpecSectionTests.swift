import Mustache
import XCTest

/// One case of our own for each section of the Mustache spec that the other tests do not
/// reach, so a clone without the spec's files still checks them: comments, set delimiters,
/// inverted sections, standalone lines and partial indentation. (Lambdas, an optional module
/// of the spec, are not implemented.)
final class SpecSectionTests: XCTestCase {
    private func render(_ text: String, _ context: MustacheValue = [:], partials: [String: String] = [:]) throws -> String {
        try Template(source: text).render(context, partials: partials)
    }

    func testCommentsRenderNothingAndStandaloneCommentsTakeTheirLine() throws {
        XCTAssertEqual(try render("12345{{! Comment Block! }}67890"), "1234567890")
        XCTAssertEqual(try render("Begin.\n  {{! indented }}\nEnd.\n"), "Begin.\nEnd.\n")
        XCTAssertEqual(try render("a {{! multi\nline }} b"), "a  b")
    }

    func testSetDelimitersApplyToTagsSectionsAndPartials() throws {
        XCTAssertEqual(try render("{{=<% %>=}}(<%text%>)", ["text": "Hey!"]), "(Hey!)")
        XCTAssertEqual(try render("[\n{{=| |=}}\n|#s|\n{{x}} |x|\n|/s|\n]\n", ["s": true, "x": "y"]),
                       "[\n{{x}} y\n]\n")
        // A partial keeps the default delimiters whatever its caller set.
        XCTAssertEqual(try render("{{=| |=}}|>p|", ["v": 1], partials: ["p": "{{v}}|v|"]), "1|v|")
    }

    func testInvertedSectionsRenderForFalsyAndMissingValuesOnly() throws {
        let text = "{{^list}}empty{{/list}}{{#list}}({{.}}){{/list}}"
        XCTAssertEqual(try render(text, ["list": []]), "empty")
        XCTAssertEqual(try render(text, ["list": [1, 2]]), "(1)(2)")
        XCTAssertEqual(try render("{{^a.b}}no{{/a.b}}", ["a": ["b": false]]), "no")
        XCTAssertEqual(try render("{{^missing}}no{{/missing}}"), "no")
    }

    func testStandaloneSectionTagsLeaveNoBlankLines() throws {
        XCTAssertEqual(try render("| A\n  {{#b}}\n| B\n  {{/b}}\n| C\n", ["b": true]), "| A\n| B\n| C\n")
        XCTAssertEqual(try render("| A\r\n{{^b}}\r\n| B\r\n{{/b}}\r\n", ["b": false]), "| A\r\n| B\r\n")
        XCTAssertEqual(try render(" {{#b}}x{{/b}} \n", ["b": true]), " x \n", "not standalone: kept")
    }

    func testStandalonePartialsAreIndentedLineByLine() throws {
        XCTAssertEqual(try render("\\\n  {{>p}}\n/\n", ["c": "<"], partials: ["p": "|\n{{{c}}}\n|\n"]),
                       "\\\n  |\n  <\n  |\n/\n")
    }
}
