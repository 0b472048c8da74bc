import Foundation
import XCTest
@testable import GazetteerKit

/// Front matter keys: a typo of a known key is an error with a suggestion, a warning when the
/// key is there too; any other key is an extra field for templates.
final class FrontMatterKeyTests: XCTestCase {
    func testAMisspeltKnownKeyIsAnErrorWithASuggestion() throws {
        var files = FixtureSite.good
        files["content/cities/madrid.md"] = "---\nname: Madrid\ncountry: spain\npictrue: pictures/madrid.svg\n---\n"
        files["content/countries/japan.md"] = "---\nname: Japan\ncaptial: Tokyo\ncontinent: Asia\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:4:1: unknown key \"pictrue\" (did you mean \"picture\"?)"), result.err)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:3:1: unknown key \"captial\" (did you mean \"capital\"?)"), result.err)
        XCTAssertTrue(result.err.contains("build failed with 2 errors"), result.err)
    }

    func testAMisspeltKeyBesideTheRightOneIsAWarningSayingWhereThatIsSet() throws {
        var files = FixtureSite.good
        files["content/countries/japan.md"] = "---\nname: Japan\ncapital: Tokyo\ncaptial: Kyoto\ncontinent: Asia\nflag: flags/japan.svg\n---\n"
        files["content/cities/osaka.md"] = "---\nname: Osaka\nCountry: Japan\ncountry: japan\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let warnings = """
            content/cities/osaka.md:3:1: warning: "Country" looks like a misspelling of "country" (set on line 4); \
            extras are fine, but rename it if you meant country
            content/countries/japan.md:4:1: warning: "captial" looks like a misspelling of "capital" (set on line 3); \
            extras are fine, but rename it if you meant capital

            """
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, warnings)
        XCTAssertTrue(try XCTUnwrap(site.read("countries/japan.html")).contains("<dd>Tokyo</dd>"))
        XCTAssertEqual(site.build().err, warnings, "said again when nothing changed")
        let strict = site.build(["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.err.contains("build failed with 0 errors and 2 warnings (--strict)"), strict.err)
    }

    func testOtherUnknownKeysStayExtraFields() throws {
        var files = FixtureSite.good
        files["content/countries/japan.md"] = "---\nname: Japan\ncapital: Tokyo\ncapitals: [Kyoto, Nara]\ncontinent: Asia\nflag: flags/japan.svg\npopulation: 125000000\n"
            + "name_ja: 日本\ngame: go\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "", "a key that extends a known one, or a short word one letter from it, is no slip")
    }
}
