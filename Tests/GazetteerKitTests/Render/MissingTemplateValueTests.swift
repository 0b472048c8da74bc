import Foundation
import XCTest
@testable import GazetteerKit
@testable import Render

/// A value a template shows that some entries lack (`{{extra.population}}` in city.mustache)
/// is an error at the tag naming the content files that lack it, the first few and a count:
/// the tag alone does not say which of a thousand cities to fix.
final class MissingTemplateValueTests: XCTestCase {
    private static let cityTemplate = """
        {{<layout}}{{$main}}{{#city}}<h1>{{name}}</h1>
        <p>Population {{extra.population}}</p>{{/city}}{{/main}}{{/layout}}
        """

    func testTheEntriesThatLackAValueAreNamed() throws {
        var files = FixtureSite.good
        files["templates/city.mustache"] = Self.cityTemplate
        files["content/cities/madrid.md"] = "---\nname: Madrid\ncountry: spain\npopulation: 3300000\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let one = site.build()
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.err.split(separator: "\n").first.map(String.init),
                       "templates/city.mustache:2:15: unknown key \"extra.population\" (content/cities/osaka.md lacks it)")

        for name in ["bilbao", "cadiz", "girona", "leon", "toledo"] {
            try site.write("content/cities/\(name).md", "---\nname: \(name.capitalized)\ncountry: spain\n---\n")
        }
        let many = site.build()
        XCTAssertEqual(many.status, 1)
        XCTAssertTrue(many.err.contains("""
            templates/city.mustache:2:15: unknown key "extra.population" \
            (content/cities/bilbao.md, content/cities/cadiz.md, content/cities/girona.md and 3 more lack it)
            """), many.err)
        XCTAssertEqual(many.err.components(separatedBy: "extra.population").count, 2, "reported once: \(many.err)")
    }

    func testAValueMissingFromACitysCountryNamesTheCountry() throws {
        var files = FixtureSite.good
        files["templates/city.mustache"] = """
            {{<layout}}{{$main}}{{#city}}<h1>{{name}}</h1>
            <p>{{country.extra.language}}</p>{{/city}}{{/main}}{{/layout}}
            """
        files["content/countries/spain.md"] = "---\nname: Spain\ncontinent: Europe\nlanguage: Spanish\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "templates/city.mustache:2:4: unknown key \"country.extra.language\" (content/countries/japan.md lacks it)"), result.err)
    }

    func testAMissingSettingNamesNoEntry() throws {
        var files = FixtureSite.good
        files["templates/partials/footer.mustache"] = "<footer>{{site.titel}}</footer>\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("templates/partials/footer.mustache:1:9: unknown key \"site.titel\"\n"), result.err)
    }

    func testTheListOfFilesReads() {
        XCTAssertEqual(TemplateErrors.naming([], missing: true), "")
        XCTAssertEqual(TemplateErrors.naming(["a.md", "b.md"], missing: true), " (a.md and b.md lack it)")
        XCTAssertEqual(TemplateErrors.naming(["a.md", "b.md", "c.md"], missing: true), " (a.md, b.md and c.md lack it)")
        XCTAssertEqual(TemplateErrors.naming(["a.md", "b.md", "c.md", "d.md"], missing: false), " (for a.md, b.md, c.md and 1 more)")
    }
}
