import Foundation
import XCTest
@testable import GazetteerKit

/// Front matter keys: a typo of a known key is an error with a suggestion; any other key is
/// an extra field for templates.
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

    func testOtherUnknownKeysStayExtraFields() throws {
        var files = FixtureSite.good
        files["content/countries/japan.md"] = "---\nname: Japan\ncapital: Tokyo\ncapitals: [Kyoto, Nara]\ncontinent: Asia\npopulation: 125000000\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, "a near key is fine when the key it is near is there too: \(result.err)")
    }
}
