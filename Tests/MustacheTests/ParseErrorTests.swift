import Mustache
import XCTest

/// Every parse error names the template's path and the 1-based line and column of the
/// offending tag, printed `path:line:column: message`.
final class ParseErrorTests: XCTestCase {
    private func errors(_ text: String, path: String = "templates/page.mustache") -> [String] {
        do {
            _ = try TemplateLibrary([TemplateSource(name: "page", path: path, text: text)])
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func testUnclosedSectionPrintsPathLineAndColumn() {
        let text = String(repeating: "<p>\n", count: 11) + "    {{#cities}}<li>{{name}}</li>\n"
        XCTAssertEqual(errors(text, path: "templates/country.mustache"),
                       [#"templates/country.mustache:12:5: unclosed section "cities""#])
    }

    func testUnclosedTag() {
        XCTAssertEqual(errors("Hello\n  {{name</p>"), [#"templates/page.mustache:2:3: unclosed tag, expected "}}""#])
        XCTAssertEqual(errors("{{{name}}"), [#"templates/page.mustache:1:1: unclosed tag, expected "}}}""#])
        XCTAssertEqual(errors("a {{! a comment that never ends"),
                       [#"templates/page.mustache:1:3: unclosed tag, expected "}}""#])
    }

    func testUnclosedTagAfterDelimiterChangeExpectsTheNewDelimiter() {
        XCTAssertEqual(errors("{{=<% %>=}}\n<%a%> <%b"), [#"templates/page.mustache:2:7: unclosed tag, expected "%>""#])
    }

    func testUnclosedKindsOfSection() {
        XCTAssertEqual(errors("x\n  {{^empty}}none"), [#"templates/page.mustache:2:3: unclosed inverted section "empty""#])
        XCTAssertEqual(errors("{{$main}}default"), [#"templates/page.mustache:1:1: unclosed block "main""#])
        XCTAssertEqual(errors("{{<layout}}\n{{$main}}x{{/main}}\n"), [#"templates/page.mustache:1:1: unclosed parent "layout""#])
    }

    func testMismatchedClosingTag() {
        XCTAssertEqual(errors("{{#a}}\n  x {{/b}}\n"),
                       [#"templates/page.mustache:2:5: closing tag "b" does not match section "a" opened at 1:1"#])
    }

    func testClosingTagWithoutOpenSection() {
        XCTAssertEqual(errors("<p>\n</p>{{/a}}"), [#"templates/page.mustache:2:5: closing tag "a" without an open section"#])
    }

    func testSectionLeftOpenInsideAnother() {
        XCTAssertEqual(errors("{{#a}}{{#b}}x{{/a}}"), [#"templates/page.mustache:1:7: unclosed section "b""#])
    }

    func testEveryUnclosedSectionIsReported() {
        XCTAssertEqual(errors("{{#a}}\n{{^b}}\n"), [
            #"templates/page.mustache:1:1: unclosed section "a""#,
            #"templates/page.mustache:2:1: unclosed inverted section "b""#,
        ])
    }

    func testBadDelimiterChanges() {
        XCTAssertEqual(errors("ok\n{{=<%=}}"), [
            #"templates/page.mustache:2:1: bad delimiter change "<%": expected two delimiters without "=" or spaces, as {{=<% %>=}}"#
        ])
        XCTAssertEqual(errors("{{=a b c=}}").count, 1)
        XCTAssertEqual(errors("{{=<= =>=}}").count, 1)
        XCTAssertEqual(errors("{{=<% %>}}"), [#"templates/page.mustache:1:1: unclosed tag, expected "=}}""#])
    }

    func testEmptyAndInvalidNames() {
        XCTAssertEqual(errors("a {{}}"), ["templates/page.mustache:1:3: empty tag"])
        XCTAssertEqual(errors("{{#}}{{/}}").first, "templates/page.mustache:1:1: empty tag")
        XCTAssertEqual(errors("{{first name}}"),
                       [#"templates/page.mustache:1:1: invalid name "first name": names cannot contain spaces"#])
        XCTAssertEqual(errors("{{a..b}}"), [#"templates/page.mustache:1:1: invalid name "a..b""#])
        XCTAssertEqual(errors("{{#a b}}x{{/a b}}"),
                       [#"templates/page.mustache:1:1: invalid name "a b": names cannot contain spaces"#])
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(errors("Ça été {{#x}}"), [#"templates/page.mustache:1:8: unclosed section "x""#])
    }

    func testLineEndingsWithCarriageReturns() {
        XCTAssertEqual(errors("a\r\nb\r\n  {{#x}}\r\n"), [#"templates/page.mustache:3:3: unclosed section "x""#])
    }

    func testLibraryReportsEveryErrorOfEveryTemplate() {
        let sources = [
            TemplateSource(name: "a", path: "templates/a.mustache", text: "{{#x}}"),
            TemplateSource(name: "b", path: "templates/b.mustache", text: "fine {{y}}"),
            TemplateSource(name: "c", path: "templates/c.mustache", text: "{{/z}}\n{{w"),
        ]
        XCTAssertThrowsError(try TemplateLibrary(sources)) { error in
            let list = error as! MustacheErrorList
            XCTAssertEqual(list.errors.map(\.description), [
                #"templates/a.mustache:1:1: unclosed section "x""#,
                #"templates/c.mustache:1:1: closing tag "z" without an open section"#,
                #"templates/c.mustache:2:1: unclosed tag, expected "}}""#,
            ])
            XCTAssertEqual(list.description, list.errors.map(\.description).joined(separator: "\n"))
        }
    }

    func testTwoTemplatesWithOneName() {
        let sources = [
            TemplateSource(name: "a", path: "templates/a.mustache", text: "1"),
            TemplateSource(name: "a", path: "themes/a.mustache", text: "2"),
        ]
        XCTAssertThrowsError(try TemplateLibrary(sources)) { error in
            XCTAssertEqual((error as! MustacheErrorList).errors.map(\.description),
                           [#"themes/a.mustache:1:1: a second template named "a" (the first is templates/a.mustache)"#])
        }
    }

    func testTemplateThrowsItsFirstError() {
        XCTAssertThrowsError(try Template(source: "x\n{{#a}}{{/b}}")) { error in
            XCTAssertEqual(error as? MustacheError,
                           MustacheError(path: "template", line: 2, column: 7,
                                         message: #"closing tag "b" does not match section "a" opened at 2:1"#))
        }
    }

    func testPartialParseErrorsAreThrownAtRender() throws {
        let template = try Template(source: "{{>p}}")
        XCTAssertThrowsError(try template.render(json: [:], partials: ["p": "\n {{#q}}"])) { error in
            XCTAssertEqual((error as? MustacheError)?.description, #"p:2:2: unclosed section "q""#)
        }
    }
}
