import Foundation
import XCTest
@testable import GazetteerKit
@testable import Model

/// Entries in the wrong folder or not finished: a city saved among the countries is an
/// error; a country without a continent, and the placeholder text of `gazetteer new` left
/// in a page, are warnings (printed by build and check, fatal with --strict, said again by
/// a build that does not read the file again).
final class HalfMadeEntryTests: XCTestCase {
    func testACityInTheCountriesFolderIsAnErrorSayingWhereCitiesGo() throws {
        var files = FixtureSite.good
        files["content/countries/kyoto.md"] = "---\nname: Kyoto\ncountry: japan\npicture: pictures/kyoto.jpg\n---\n\nA city.\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, """
            content/countries/kyoto.md:3:1: this looks like a city (it has "country: japan"), not a country: \
            cities go in content/cities/ (move it to content/cities/kyoto.md)
            gazetteer: build failed with 1 error; the output folder was left as it was

            """)
    }

    func testACountryWithoutAContinentIsAWarning() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test\ncontinents:\n  - {name: Asia}\n  - {name: Europe}\n"
        files["content/countries/nauru.md"] = "---\nname: Nauru\ncapital: Yaren\n---\n\nAn island.\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let warning = "content/countries/nauru.md:2:1: warning: this country has no continent, so it is missing from the flag gallery "
            + "and the continent pages (add one, such as \"continent: Asia\"; the guide's continents are Asia, Europe)\n"
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, warning)
        XCTAssertTrue(site.exists("countries/nauru.html"), "the build goes on")
        XCTAssertFalse(try XCTUnwrap(site.read("flags/index.html")).contains("Nauru"), "what the warning says")

        XCTAssertEqual(site.build().err, warning, "a build that finds nothing changed says it again")
        // Another file changes: this one is not read again, its entry comes from the manifest.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nA port.\n")
        let other = site.build()
        XCTAssertEqual(other.err, warning)
        let strict = site.build(["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.err.contains("nauru.md:2:1: warning: this country has no continent"), strict.err)
        XCTAssertTrue(strict.err.contains("build failed with 0 errors and 1 warning (--strict)"), strict.err)
        let check = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.err, warning)

        try site.write("content/countries/nauru.md", "---\nname: Nauru\ncapital: Yaren\ncontinent: Asia\n---\n\nAn island.\n")
        let mended = site.build()
        XCTAssertEqual(mended.err, "")
        XCTAssertTrue(try XCTUnwrap(site.read("flags/index.html")).contains("Nauru"))
        XCTAssertEqual(site.build().err, "", "and stays gone")
    }

    func testThePlaceholderTextOfNewIsAWarningNamingTheFile() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.run(["new", "city", "Nara", "--country", "japan", "--source", site.root.path]).status, 0)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "content/cities/nara.md:8:1: warning: this is still the placeholder text `gazetteer new` wrote: "
            + "replace it with your own words about Nara\n")
        XCTAssertEqual(site.build(["--strict"]).status, 1)

        try site.write("content/cities/nara.md", "---\nname: Nara\ncountry: japan\n---\n\nThe old capital, with its deer park.\n")
        XCTAssertEqual(site.build().err, "")
    }

    func testANewCountryLeftAsItWasGivesBothWarnings() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.run(["new", "country", "Nauru", "--source", site.root.path]).status, 0)
        let check = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(check.status, 0, check.err)
        let lines = check.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, check.err)
        XCTAssertTrue(lines[0].hasPrefix("content/countries/nauru.md:2:1: warning: this country has no continent"), check.err)
        XCTAssertTrue(lines[1].hasPrefix("content/countries/nauru.md:11:1: warning: this is still the placeholder text"), check.err)
        XCTAssertTrue(check.out.contains("; 2 warnings (--strict makes them errors)"), check.out)
    }

    /// Found however the editor rewrapped it and whatever name it holds; a body that only
    /// shares words with it is not it.
    func testThePlaceholderIsFoundRewrappedAndNotInOtherText() {
        XCTAssertEqual(PlaceholderText.line(in: "\n" + PlaceholderText.country("Nauru") + "\n"), 2)
        XCTAssertEqual(PlaceholderText.line(in: PlaceholderText.city("Nara")), 1)
        XCTAssertEqual(PlaceholderText.line(in: """
            # Nauru

            Some words first.

            Two or three short paragraphs about
            Republic of Nauru: where it lies,
            what languages are spoken, what a visitor
            might see.
            """), 5)
        XCTAssertEqual(PlaceholderText.line(in: "Intro.\r\n\r\nOne line on what Old Town is,\r\nthen a paragraph or two about it.\r\n"), 3)
        XCTAssertNil(PlaceholderText.line(in: "Nara has a paragraph or two of history: it was the capital."))
        XCTAssertNil(PlaceholderText.line(in: "One line on what Nara is. Later, then a paragraph."))
        XCTAssertNil(PlaceholderText.line(in: ""))
    }
}
