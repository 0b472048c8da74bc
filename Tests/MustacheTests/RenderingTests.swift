import Foundation
import Mustache
import XCTest

/// What a template author sees beyond the spec's cases: escaping, values, truthiness, the
/// JSON entry point, layouts with blocks, and the library's names and dependencies.
final class RenderingTests: XCTestCase {
    private func render(_ text: String, _ context: MustacheValue, partials: [String: String] = [:]) throws -> String {
        try Template(source: text).render(context, partials: partials)
    }

    func testEscapesTheFiveHTMLCharacters() throws {
        let context: MustacheValue = ["x": #"Tom & "Jerry's" <b>"#]
        XCTAssertEqual(try render("{{x}}", context), "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;")
        XCTAssertEqual(try render("{{{x}}}|{{&x}}", context), #"Tom & "Jerry's" <b>|Tom & "Jerry's" <b>"#)
        XCTAssertEqual(try render("{{x}}", ["x": "Ça va, l'été ? 東京 & 大阪"]), "Ça va, l&#39;été ? 東京 &amp; 大阪")
    }

    func testNumbersAndBooleans() throws {
        let context: MustacheValue = ["i": 85, "n": -3, "d": 1.21, "whole": 2.0, "big": 1e21, "t": true, "f": false]
        XCTAssertEqual(try render("{{i}} {{n}} {{d}} {{whole}} {{big}} {{t}} {{f}}", context), "85 -3 1.21 2 1e+21 true false")
        XCTAssertEqual(try render("{{min}} {{max}} {{zero}} {{ten}}", ["min": .int(Int.min), "max": .int(Int.max), "zero": 0, "ten": 10]),
                       "-9223372036854775808 9223372036854775807 0 10")
    }

    func testFalsyValues() throws {
        let text = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        let cases: [(MustacheValue, String)] = [
            (nil, "no"), (false, "no"), ("", "no"), ([], "no"),
            (true, "yes"), ("x", "yes"), (0, "yes"), (0.0, "yes"), ([:], "yes"), ([1], "yes"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try render(text, ["v": value]), expected, "\(value)")
        }
        XCTAssertEqual(try render(text, [:]), "no", "missing")
    }

    func testJSONFromJSONSerialization() throws {
        let json = try JSONSerialization.jsonObject(with: Data("""
            {"name": "Japan", "population": 125000000, "area": 377975.5, "island": true, "landlocked": false,
             "one": 1, "zero": 0, "motto": null, "cities": [{"name": "Tokyo"}, {"name": "Osaka"}]}
            """.utf8))
        let template = try Template(source: """
            {{name}} {{population}} {{area}} {{island}} {{landlocked}} {{one}} {{zero}} [{{motto}}]
            {{#island}}island{{/island}}{{^landlocked}} with a coast{{/landlocked}}{{#one}} one{{/one}}
            {{#cities}}{{name}}{{^last}},{{/last}} {{/cities}}
            """)
        XCTAssertEqual(try template.render(json: json), """
            Japan 125000000 377975.5 true false 1 0 []
            island with a coast one
            Tokyo, Osaka, 
            """)
    }

    func testJSONFromSwiftValues() throws {
        let json: [String: Any] = ["b": true, "i": 3, "d": 0.5, "s": "x", "a": [1, "two"], "n": NSNull()]
        XCTAssertEqual(try Template(source: "{{b}} {{i}} {{d}} {{s}} {{#a}}{{.}};{{/a}} [{{n}}]").render(json: json),
                       "true 3 0.5 x 1;two; []")
    }

    func testContextStackAndDottedNames() throws {
        let context: MustacheValue = [
            "site": ["title": "Guide"],
            "country": ["name": "France", "capital": ["name": "Paris"]],
            "cities": [["name": "Lyon"], ["name": "Nice", "site": ["title": "Nice site"]]],
        ]
        XCTAssertEqual(try render("{{#cities}}{{name}}/{{site.title}}/{{country.capital.name}} {{/cities}}", context),
                       "Lyon/Guide/Paris Nice/Nice site/Paris ")
        XCTAssertEqual(try render("{{#country}}{{#capital}}{{name}}{{/capital}}{{/country}}", context), "Paris")
    }

    func testLayoutWithBlocksAndIndentedContent() throws {
        let layout = """
            <html>
            <head><title>{{$title}}Guide{{/title}}</title></head>
            <body>
              <main>
                {{$main}}
                <p>Nothing here.</p>
                {{/main}}
              </main>
              {{> footer}}
            </body>
            </html>

            """
        let page = """
            {{<layout}}
            {{$title}}{{name}} · Guide{{/title}}
            {{$main}}
            <h1>{{name}}</h1>
            <ul>
              {{#cities}}
              <li>{{.}}</li>
              {{/cities}}
            </ul>
            {{/main}}
            {{/layout}}

            """
        let partials = ["layout": layout, "footer": "<footer>\n  {{name}}\n</footer>\n"]
        XCTAssertEqual(try render(page, ["name": "Japan", "cities": ["Kyoto", "Osaka"]], partials: partials), """
            <html>
            <head><title>Japan · Guide</title></head>
            <body>
              <main>
                <h1>Japan</h1>
                <ul>
                  <li>Kyoto</li>
                  <li>Osaka</li>
                </ul>
              </main>
              <footer>
                Japan
              </footer>
            </body>
            </html>

            """)
        XCTAssertEqual(try render("{{<layout}}{{/layout}}", ["name": "X"], partials: partials), """
            <html>
            <head><title>Guide</title></head>
            <body>
              <main>
                <p>Nothing here.</p>
              </main>
              <footer>
                X
              </footer>
            </body>
            </html>

            """)
    }

    func testBlockContentLosesTheIndentationItWasWrittenWith() throws {
        let page = "* a\n* {{<parent}}{{$block}}\n        {{! deeply indented }}\n        c{{/block}}{{/parent}}\n* d\n"
        XCTAssertEqual(try render(page, [:], partials: ["parent": "{{$block}}x{{/block}}"]), "* a\n* c\n* d\n")
    }

    func testPartialOnTheFirstLineOfABlockExpandedInline() throws {
        let page = "{{<p}}{{$m}}\n  {{> li}}\n  <li>y</li>\n{{/m}}{{/p}}"
        let partials = ["p": "<ul>\n    {{$m}}{{/m}}</ul>", "li": "<li>\n  x\n</li>\n"]
        XCTAssertEqual(try render(page, [:], partials: partials), "<ul>\n    <li>\n      x\n    </li>\n    <li>y</li>\n</ul>")
    }

    func testDynamicParentName() throws {
        let page = "{{<*layout}}{{$main}}{{name}}{{/main}}{{/*layout}}"
        let partials = ["wide": "<div class=wide>{{$main}}{{/main}}</div>", "narrow": "<div>{{$main}}{{/main}}</div>"]
        XCTAssertEqual(try render(page, ["layout": "wide", "name": "Kyoto"], partials: partials), "<div class=wide>Kyoto</div>")
        XCTAssertEqual(try render(page, ["layout": "narrow", "name": "Kyoto"], partials: partials), "<div>Kyoto</div>")
    }

    func testDataIsNeverReindented() throws {
        XCTAssertEqual(try render("<div>\n  {{> body}}\n</div>", ["html": "<p>a\nb</p>"], partials: ["body": "{{{html}}}\n<hr>\n"]),
                       "<div>\n  <p>a\nb</p>\n  <hr>\n</div>")
    }

    func testLibraryNamesAndDependencies() throws {
        let library = try TemplateLibrary([
            TemplateSource(name: "country", path: "t/country.mustache", text: "{{<layout}}{{$main}}{{>partials/img}}{{/main}}{{/layout}}"),
            TemplateSource(name: "layout", path: "t/layout.mustache", text: "{{$main}}{{/main}}{{>partials/footer}}"),
            TemplateSource(name: "partials/img", path: "t/partials/img.mustache", text: "<img>{{>partials/missing}}"),
            TemplateSource(name: "partials/footer", path: "t/partials/footer.mustache", text: "{{>*dynamic}}"),
            TemplateSource(name: "tree", path: "t/tree.mustache", text: "{{#children}}{{>tree}}{{/children}}"),
        ])
        XCTAssertEqual(library.names, ["country", "layout", "partials/footer", "partials/img", "tree"])
        XCTAssertEqual(library.dependencies(of: "country"), ["layout", "partials/img", "partials/missing", "partials/footer"])
        XCTAssertEqual(library.dependencies(of: "partials/footer"), [])
        XCTAssertEqual(library.dependencies(of: "tree"), ["tree"])
        XCTAssertEqual(library.dependencies(of: "nonexistent"), [])
    }

    func testTemplateRendersManyTimesWithDifferentData() throws {
        let template = try Template(source: "Hello, {{name}}!")
        XCTAssertEqual(try template.render(["name": "Kyoto"]), "Hello, Kyoto!")
        XCTAssertEqual(try template.render(["name": "Lyon"]), "Hello, Lyon!")
    }
}
