import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import FrontMatter
@testable import Model
@testable import Mustache
@testable import Render

/// What an editor writes is what the guide publishes: YAML's core schema reads `007`,
/// `1.10`, `1e3` and `0x10` as numbers, but a text field takes them as written, and an
/// extra field shows as written while it stays a number in the entry.
final class ValuesAsWrittenTests: XCTestCase {
    /// A city page that shows two extras, beside the built-in theme.
    private static let cityTemplate = """
        {{<layout}}{{$main}}{{#city}}<h1>{{name}}</h1><p class="dial">{{#extra.dial}}{{.}}{{/extra.dial}}</p>\
        <p class="ratio">{{#extra.ratio}}{{.}}{{/extra.ratio}}</p><p class="visited">{{#extra.visited}}yes{{/extra.visited}}</p>{{/city}}{{/main}}{{/layout}}

        """

    private func site() throws -> FixtureSite {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: 1.10\n"
        files["content/countries/007.md"] = """
            ---
            name: 007
            official_name: 1.10
            capital: 1e3
            motto: 0x10
            continent: Europe
            aliases: [0351]
            ---
            """
        files["content/cities/m.md"] = """
            ---
            name: 0x10
            country: 007
            dial: 0351
            ratio: 1.10
            visited: true
            ---
            """
        files["templates/city.mustache"] = Self.cityTemplate
        return try FixtureSite(files)
    }

    func testTextFieldsAndSettingsArePublishedAsWritten() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, "a city of the country 007 finds it: \(result.err)")
        let country = try XCTUnwrap(site.read("countries/007.html"))
        XCTAssertTrue(country.contains("<h1>007</h1>"), country)
        XCTAssertTrue(country.contains("<p class=\"detail-subtitle\">1.10</p>"), country)
        XCTAssertTrue(country.contains("<dd>1e3</dd>"), country)
        XCTAssertTrue(country.contains("<dd class=\"motto\">0x10</dd>"), country)
        XCTAssertTrue(country.contains("<title>007 · 1.10</title>"), "the guide's title too: \(country)")
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains(">007<"))
        let city = try XCTUnwrap(site.read("cities/m.html"))
        XCTAssertTrue(city.contains("<h1>0x10</h1>"), city)
        // The alias reaches the search index's words as written (not "351").
        let words = site.snapshot().filter { $0.key.hasPrefix("search/w/") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        XCTAssertTrue(words.contains("0351"), words)
    }

    /// Extras keep YAML's type in the entry (and so in the manifest a later build reads them
    /// from) but show as written, also on a page rendered again from the manifest's entry.
    func testExtrasShowAsWrittenAndStayNumbersInTheEntry() throws {
        let site = try site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let city = try XCTUnwrap(site.read("cities/m.html"))
        XCTAssertTrue(city.contains("<p class=\"dial\">0351</p>"), city)
        XCTAssertTrue(city.contains("<p class=\"ratio\">1.10</p>"), city)
        XCTAssertTrue(city.contains("<p class=\"visited\">yes</p>"), "true stays a boolean for sections: \(city)")

        // The template changes, the city's file does not: its entry comes from the manifest.
        try site.write("templates/city.mustache", Self.cityTemplate.replacingOccurrences(of: "<h1>", with: "<h1 class=\"again\">"))
        XCTAssertEqual(site.build().status, 0)
        let again = try XCTUnwrap(site.read("cities/m.html"))
        XCTAssertTrue(again.contains("<h1 class=\"again\">"), again)
        XCTAssertTrue(again.contains("<p class=\"dial\">0351</p>"), again)
        XCTAssertTrue(again.contains("<p class=\"ratio\">1.10</p>"), again)
    }

    func testAnExtraIsANumberInTheDataAndTextInTemplates() throws {
        let document = try FrontMatterParser.parse(SourceFile(path: "content/cities/m.md", text: "---\nname: M\ndial: 0351\nratio: 1.10\n---\n"))
        let fields = FrontMatterFields(ParsedContent(file: SourceFile(path: "content/cities/m.md", text: ""), document: document),
                                       known: ContentEntry.cityKeys)
        let extra = Dictionary(uniqueKeysWithValues: fields.extra.map { ($0.key, $0.value) })
        XCTAssertEqual(extra["dial"]?.value, .int(351))
        XCTAssertEqual(extra["ratio"]?.value, .double(1.1))
        let template = try Template(source: "{{dial}} {{ratio}}")
        let shown = try template.render(.object(["dial": PageRenderer.value(extra["dial"]!), "ratio": PageRenderer.value(extra["ratio"]!)]))
        XCTAssertEqual(shown, "0351 1.10")
    }

    func testAPathWrittenAsANumberIsAPath() throws {
        var files = FixtureSite.good
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japan\npicture: 0x10\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/osaka.md:4:10: picture \"0x10\" does not exist"), result.err)
    }
}
