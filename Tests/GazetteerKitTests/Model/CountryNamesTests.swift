import Foundation
import XCTest
@testable import GazetteerKit
@testable import Model

/// A city's `country:` is the slug of a country file. One that is not, but is a country's
/// name, official name or alias (`japan` for `日本.md` with `aliases: [Japan]`), is told the
/// slug meant rather than invited to create a country that exists.
final class CountryNamesTests: XCTestCase {
    private let names = CountryNames(slugs: ["日本", "spain", "são-tomé", "ελλάδα", "broken"], countries: [
        .init(slug: "日本", names: ["日本", "Japan"]),
        .init(slug: "spain", names: ["España", "Kingdom of Spain"]),
        .init(slug: "são-tomé", names: ["São Tomé and Príncipe"]),
        .init(slug: "ελλάδα", names: ["Ελλάδα", "Hellenic Republic", "Greece"]),
    ])

    func testANameOfficialNameOrAliasGivesItsCountry() {
        XCTAssertEqual(names.hint(for: "japan"), " (did you mean \"日本\", the country named Japan?)")
        XCTAssertEqual(names.hint(for: "JAPAN"), " (did you mean \"日本\", the country named Japan?)")
        XCTAssertEqual(names.hint(for: "kingdom of spain"), " (did you mean \"spain\", the country named Kingdom of Spain?)")
        XCTAssertEqual(names.hint(for: "Espana"), " (did you mean \"spain\", the country named España?)", "accents do not matter")
        XCTAssertEqual(names.hint(for: "greece"), " (did you mean \"ελλάδα\", the country named Greece?)")
        XCTAssertEqual(names.hint(for: "Sao Tome and Principe"),
                       " (did you mean \"são-tomé\", the country named São Tomé and Príncipe?)")
    }

    func testASlugInAnotherCaseOrATypoGivesTheSlug() {
        XCTAssertEqual(names.hint(for: "Spain"), " (did you mean \"spain\"?)")
        XCTAssertEqual(names.hint(for: "sao-tome"), " (did you mean \"são-tomé\"?)")
        XCTAssertEqual(names.hint(for: "spian"), " (did you mean \"spain\"?)")
        XCTAssertEqual(names.hint(for: "Japn"), " (did you mean \"日本\", the country named Japan?)", "a typo in a name")
        XCTAssertEqual(names.hint(for: "Brokn"), " (did you mean \"broken\"?)", "a country file with problems of its own")
        XCTAssertEqual(names.hint(for: "atlantis"), "")
        XCTAssertEqual(names.hint(for: "!!!"), "")
    }

    private func site() throws -> FixtureSite {
        var files = FixtureSite.good
        files["content/countries/japan.md"] = nil
        files["content/countries/flags/japan.svg"] = nil
        files["content/countries/日本.md"] = "---\nname: 日本\ncontinent: Asia\naliases: [Japan]\n---\n"
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: 日本\n---\n"
        return try FixtureSite(files)
    }

    func testACityWhoseCountryIsAnAliasIsToldTheSlug() throws {
        let site = try site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // Only the city changes: the country comes from the last build's records.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/osaka.md:3:10: unknown country \"japan\" (did you mean \"日本\", the country named Japan?)"), result.err)
        // And when every file is read again.
        try site.remove(".gazetteer-cache")
        XCTAssertTrue(site.build().err.contains("unknown country \"japan\" (did you mean \"日本\", the country named Japan?)"))
    }

    func testNewCityWithACountryNamedByItsAliasIsToldTheSlug() throws {
        let site = try site()
        defer { site.delete() }
        let city = site.run(["new", "city", "Kyoto", "--country", "japan", "--source", site.root.path])
        XCTAssertEqual(city.status, 1)
        XCTAssertEqual(city.err, "gazetteer new: unknown country \"japan\" (did you mean \"日本\", the country named Japan?): use --country 日本\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appending(path: "content/cities/kyoto.md").path))
        let unknown = site.run(["new", "city", "Lima", "--country", "peru", "--source", site.root.path])
        XCTAssertTrue(unknown.err.contains("unknown country \"peru\": create it first with `gazetteer new country NAME`"), unknown.err)
    }
}
