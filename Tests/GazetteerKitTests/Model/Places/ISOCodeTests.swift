import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import FrontMatter
@testable import Model
@testable import Incremental

/// A country's ISO 3166-1 code: from `iso:` (alpha-2 or alpha-3, any case), or from its name,
/// official name or aliases matched against ISO's names in any case and with or without
/// accents; no match is a warning naming the country, with ISO's name where one is close.
final class ISOCodeTests: XCTestCase {
    private func read(_ frontMatter: String) throws -> (code: String?, problems: [String], warnings: [String]) {
        let file = SourceFile(path: "content/countries/c.md", text: "---\n\(frontMatter)\n---\n")
        var fields = FrontMatterFields(ParsedContent(file: file, document: try FrontMatterParser.parse(file)), known: ContentEntry.countryKeys)
        let names = [fields.optionalText("name"), fields.optionalText("official_name")].compactMap { $0 } + fields.textList("aliases")
        let code = fields.isoCode(names: names)
        return (code, fields.problems.map(\.description), fields.warnings.map(\.description))
    }

    func testTheTableHoldsEveryISOCountry() {
        XCTAssertEqual(ISO3166.countries.count, 249)
        XCTAssertEqual(ISO3166.country(code: "fr")?.name, "France")
        XCTAssertEqual(ISO3166.country(code: "NOR")?.alpha2, "NO")
        XCTAssertEqual(ISO3166.country(code: "BO")?.names.first, "Bolivia", "the common name first")
    }

    func testACodeIsReadInAnyCaseAndAsAlpha3() throws {
        XCTAssertEqual(try read("name: Scotland\niso: gb").code, "GB")
        XCTAssertEqual(try read("name: Norge\niso: NO").code, "NO", "NO stays a string")
        XCTAssertEqual(try read("name: Whatever\niso: FRA").code, "FR")
        XCTAssertEqual(try read("name: Whatever\niso: FRA").warnings, [])
    }

    func testAnUnknownCodeIsAnError() throws {
        let result = try read("name: Atlantis\niso: XQ")
        XCTAssertNil(result.code)
        XCTAssertEqual(result.problems, [
            "content/countries/c.md:3:6: unknown ISO 3166-1 code \"XQ\": write the country's two-letter code, "
                + "such as \"iso: FR\", or three-letter, \"FRA\"",
        ])
        XCTAssertTrue(try read("name: X\niso: Japan").problems[0].hasSuffix("(did you mean \"iso: JP\", Japan?)"))
    }

    func testANameMatchesInAnyCaseWithOrWithoutAccentsAndByOfficialNameOrAlias() throws {
        XCTAssertEqual(try read("name: japan").code, "JP")
        XCTAssertEqual(try read("name: Cote d'Ivoire").code, "CI")
        XCTAssertEqual(try read("name: TÜRKIYE").code, "TR")
        XCTAssertEqual(try read("name: Bolivia").code, "BO", "ISO's common name")
        XCTAssertEqual(try read("name: Россия\nofficial_name: Russian Federation").code, "RU")
        XCTAssertEqual(try read("name: Nippon\naliases: [Japan]").code, "JP")
        XCTAssertEqual(try read("name: Nippon\naliases: [Japan]").warnings, [])
    }

    func testNoMatchIsAWarningNamingTheCountryWithAClosename() throws {
        let turkey = try read("name: Turkey")
        XCTAssertNil(turkey.code)
        XCTAssertEqual(turkey.problems, [])
        XCTAssertEqual(turkey.warnings, [
            "content/countries/c.md:2:7: warning: \"Turkey\" is not one of ISO 3166's country names, so the maps cannot place it "
                + "(did you mean \"Türkiye\"? then add \"iso: TR\")",
        ])
        XCTAssertTrue(try read("name: São Tomé").warnings[0].hasSuffix("(did you mean \"Sao Tome and Principe\"? then add \"iso: ST\")"))
        XCTAssertTrue(try read("name: Korea").warnings[0].hasSuffix("(add its ISO 3166-1 code, such as \"iso: FR\", if it has one)"),
                      "two Koreas: no guess")
        XCTAssertEqual(try read("name: Scotland").warnings, [
            "content/countries/c.md:2:7: warning: \"Scotland\" is not one of ISO 3166's country names, so the maps cannot place it "
                + "(add its ISO 3166-1 code, such as \"iso: FR\", if it has one)",
        ])
    }

    func testTheCodeAndPositionAreKeptInTheManifest() throws {
        var files = FixtureSite.good
        files["content/countries/japan.md"] = "---\nname: Nippon\niso: jpn\ncontinent: Asia\nflag: flags/japan.svg\n---\n"
        files["content/cities/kyoto.md"] = "---\nname: Kyoto\ncountry: japan\nposition: 35.0116, 135.7681\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let archive = try XCTUnwrap(ManifestArchive.read(from: site.root.appending(path: ".gazetteer-cache")).archive)
        XCTAssertTrue(archive.load())
        let entries = try XCTUnwrap(archive.entries())
        XCTAssertEqual(entries["content/countries/japan.md"]?.entry.isoCode, "JP")
        XCTAssertEqual(entries["content/cities/kyoto.md"]?.entry.position, GeoPosition(latitude: 35.0116, longitude: 135.7681))
        XCTAssertNil(entries["content/cities/kyoto.md"]?.entry.isoCode)
    }

    func testABuildWarnsOfACountryISODoesNotKnowEveryTimeUntilItIsMended() throws {
        var files = FixtureSite.good
        files["content/countries/atlantis.md"] = "---\nname: Atlantis\ncontinent: Europe\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let warning = "content/countries/atlantis.md:2:7: warning: \"Atlantis\" is not one of ISO 3166's country names, "
            + "so the maps cannot place it (add its ISO 3166-1 code, such as \"iso: FR\", if it has one)"
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.err.contains(warning), first.err)
        XCTAssertTrue(site.build().err.contains(warning), "said again by a build that reads nothing again")
        XCTAssertEqual(site.build(["--strict"]).status, 1)
        try site.write("content/countries/atlantis.md", "---\nname: Atlantis\ncontinent: Europe\niso: GR\n---\n")
        XCTAssertEqual(site.build().err, "")
    }
}
