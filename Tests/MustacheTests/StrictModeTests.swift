import Mustache
import XCTest

/// Strict mode (the site generator's): a name that resolves to nothing, or a missing
/// partial, is an error at its tag. Lenient mode (the spec's) renders nothing for them.
final class StrictModeTests: XCTestCase {
    private func library(_ templates: [String: String]) throws -> TemplateLibrary {
        try TemplateLibrary(templates.map {
            TemplateSource(name: $0.key, path: "templates/\($0.key).mustache", text: $0.value)
        })
    }

    private func strictError(_ templates: [String: String], _ name: String, _ context: MustacheValue) -> String? {
        do {
            _ = try library(templates).render(name, context: context, strict: true)
            return nil
        } catch let error as MustacheError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    func testUnknownKeyNamesTemplateLineColumnAndKey() throws {
        let city = "<h1>{{name}}</h1>\n<p>\n  in {{countyr}}\n</p>\n"
        XCTAssertEqual(strictError(["city": city], "city", ["name": "Lyon", "country": "France"]),
                       #"templates/city.mustache:3:6: unknown key "countyr""#)
        XCTAssertEqual(try library(["city": city]).render("city", context: ["name": "Lyon"], strict: false),
                       "<h1>Lyon</h1>\n<p>\n  in \n</p>\n")
    }

    func testUnknownKeyInDottedName() {
        XCTAssertEqual(strictError(["t": "{{country.nmae}}"], "t", ["country": ["name": "France"]]),
                       #"templates/t.mustache:1:1: unknown key "country.nmae""#)
        XCTAssertEqual(strictError(["t": "{{country.name.first}}"], "t", ["country": ["name": "France"]]),
                       #"templates/t.mustache:1:1: unknown key "country.name.first""#)
    }

    func testUnknownKeyInTripleMustacheAndAmpersand() {
        XCTAssertEqual(strictError(["t": "x {{{bdy}}}"], "t", [:]), #"templates/t.mustache:1:3: unknown key "bdy""#)
        XCTAssertEqual(strictError(["t": "x {{& bdy }}"], "t", [:]), #"templates/t.mustache:1:3: unknown key "bdy""#)
    }

    func testSectionsOverMissingNamesStayLegal() throws {
        let text = "{{#motto}}<q>{{motto}}</q>{{/motto}}{{^motto}}no motto{{/motto}}{{#a.b.c}}x{{/a.b.c}}"
        XCTAssertEqual(try library(["t": text]).render("t", context: [:], strict: true), "no motto")
        XCTAssertEqual(try library(["t": text]).render("t", context: ["motto": "Unity"], strict: true), "<q>Unity</q>")
    }

    func testKeysFoundFurtherDownTheStackAreKnown() throws {
        let text = "{{#cities}}{{name}} in {{country}}; {{/cities}}"
        let context: MustacheValue = ["country": "Japan", "cities": [["name": "Kyoto"], ["name": "Osaka"]]]
        XCTAssertEqual(try library(["t": text]).render("t", context: context, strict: true),
                       "Kyoto in Japan; Osaka in Japan; ")
    }

    func testNullIsAValueNotAMissingKey() throws {
        XCTAssertEqual(try library(["t": "[{{official_name}}]"]).render("t", context: ["official_name": nil], strict: true),
                       "[]")
    }

    func testInterpolatingAListOrObjectIsAnErrorInStrictMode() throws {
        XCTAssertEqual(strictError(["t": "\n {{cities}}"], "t", ["cities": ["Kyoto"]]),
                       #"templates/t.mustache:2:2: key "cities" is a list, not text"#)
        XCTAssertEqual(strictError(["t": "{{flag}}"], "t", ["flag": ["alt": "Flag"]]),
                       #"templates/t.mustache:1:1: key "flag" is an object, not text"#)
        XCTAssertEqual(try library(["t": "[{{flag}}]"]).render("t", context: ["flag": ["alt": "Flag"]], strict: false), "[]")
    }

    func testMissingPartialIsAnErrorInStrictModeOnly() throws {
        let templates = ["page": "<body>\n  {{> partials/img}}\n</body>\n"]
        XCTAssertEqual(strictError(templates, "page", [:]), #"templates/page.mustache:2:3: missing partial "partials/img""#)
        XCTAssertEqual(try library(templates).render("page", context: [:], strict: false), "<body>\n</body>\n")
    }

    func testMissingParentIsAnErrorInStrictMode() {
        XCTAssertEqual(strictError(["page": "{{<layuot}}{{$main}}x{{/main}}{{/layuot}}"], "page", [:]),
                       #"templates/page.mustache:1:1: missing partial "layuot""#)
    }

    func testDynamicPartialNames() throws {
        let templates = ["page": "{{#items}}{{>*kind}}{{/items}}", "text": "T", "image": "I"]
        XCTAssertEqual(try library(templates).render("page", context: ["items": [["kind": "text"], ["kind": "image"]]], strict: true),
                       "TI")
        XCTAssertEqual(strictError(templates, "page", ["items": [["kind": "video"]]]),
                       #"templates/page.mustache:1:11: missing partial "video""#)
        XCTAssertEqual(strictError(templates, "page", ["items": [["type": "text"]]]),
                       #"templates/page.mustache:1:11: unknown key "kind""#)
    }

    func testErrorsInsideAPartialNameThePartial() {
        let templates = ["page": "{{#cities}}\n{{> partials/row}}\n{{/cities}}", "partials/row": "<tr>\n  <td>{{nam}}</td>"]
        XCTAssertEqual(strictError(templates, "page", ["cities": [["name": "Lyon"]]]),
                       #"templates/partials/row.mustache:2:7: unknown key "nam""#)
    }

    func testErrorsInsideABlockNameTheTemplateThatWroteIt() {
        let templates = [
            "layout": "<title>{{$title}}{{site.title}}{{/title}}</title>",
            "city": "{{<layout}}\n{{$title}}{{cty.name}}{{/title}}\n{{/layout}}",
        ]
        XCTAssertEqual(strictError(templates, "city", ["site": ["title": "Guide"]]),
                       #"templates/city.mustache:2:11: unknown key "cty.name""#)
    }

    func testTemplateIncludingItselfForeverIsAnError() {
        let error = strictError(["loop": "x{{>loop}}"], "loop", [:])
        XCTAssertEqual(error, "templates/loop.mustache:1:2: partials nested more than 200 deep (a template including itself?)")
    }

    /// An object that names itself in errors: a missing name's error says which object of
    /// the context lacked it, so that the same tag failing for one city and not another can
    /// be told apart.
    private struct Labelled: MustacheObject {
        var name: String
        var fields: [String: MustacheValue]
        func value(forKey key: String) -> MustacheValue? { fields[key] }
        var label: String? { name }
    }

    private func subject(_ text: String, _ context: MustacheValue) -> String?? {
        do {
            _ = try library(["t": text]).render("t", context: context, strict: true)
            return nil
        } catch let error as MustacheError {
            return .some(error.subject)
        } catch {
            return nil
        }
    }

    func testAnErrorNamesTheLabelledObjectTheNameWasMissingFrom() {
        let country = MustacheValue.dynamic(Labelled(name: "japan.md", fields: ["extra": [:], "name": "Japan"]))
        let osaka = MustacheValue.dynamic(Labelled(name: "osaka.md", fields: ["extra": ["area": 225], "country": country]))
        let kyoto = MustacheValue.dynamic(Labelled(name: "kyoto.md", fields: ["extra": ["population": 1_460_000], "country": country]))
        let context: MustacheValue = ["site": ["title": "Guide"], "cities": [kyoto, osaka]]
        XCTAssertEqual(subject("{{#cities}}{{extra.population}}{{/cities}}", context), "osaka.md")
        XCTAssertEqual(subject("{{#cities}}{{country.extra.language}}{{/cities}}", context), "japan.md", "the country lacks it")
        XCTAssertEqual(subject("{{#cities}}{{populaton}}{{/cities}}", context), "kyoto.md", "found nowhere: the innermost")
        XCTAssertEqual(subject("{{#cities}}{{extra}}{{/cities}}", context), "kyoto.md", "an object, not text")
        XCTAssertEqual(subject("{{#cities}}{{site.titel}}{{/cities}}", context), .some(nil), "missing from the page's own fields")
        XCTAssertEqual(subject("{{site.titel}}", ["site": ["title": "Guide"]]), .some(nil))
        XCTAssertEqual(strictError(["t": "{{#cities}}{{extra.population}}{{/cities}}"], "t", context),
                       #"templates/t.mustache:1:12: unknown key "extra.population""#, "not in the message itself")
    }

    func testUnknownTemplateName() {
        XCTAssertEqual(strictError(["a": "x"], "b", [:]), #"b:1:1: no template named "b""#)
    }
}
