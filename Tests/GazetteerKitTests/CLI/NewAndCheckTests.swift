import Foundation
import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

final class NewAndCheckTests: XCTestCase {
    func testNewCountryAndCityBuildWithoutEdits() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let country = site.run(["new", "country", "Côte d'Ivoire", "--ascii-slug", "--source", site.root.path])
        XCTAssertEqual(country.status, 0, country.err)
        XCTAssertEqual(country.out, "Created content/countries/cote-d-ivoire.md\n")
        let city = site.run(["new", "city", "Abidjan", "--country", "cote-d-ivoire", "--source", site.root.path])
        XCTAssertEqual(city.status, 0, city.err)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("countries/cote-d-ivoire.html"))
        XCTAssertTrue(page.contains("Côte d&#39;Ivoire") || page.contains("Côte d&#x27;Ivoire"), page)
        XCTAssertTrue(page.contains("placeholder-flag."), "a country without a flag shows the placeholder flag")
        XCTAssertTrue(site.read("cities/abidjan.html")!.contains("../countries/cote-d-ivoire.html"))
    }

    func testNewNamesThatYAMLWouldMisreadStayText() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.run(["new", "country", "NO", "--source", site.root.path]).status, 0)
        XCTAssertEqual(site.run(["new", "country", "Bad: \"name\"", "--source", site.root.path]).status, 0)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("countries/no.html")!.contains("<h1"))
        XCTAssertTrue(site.read("countries/bad-name.html")!.contains("Bad: &quot;name&quot;"))
    }

    func testNewRefusesToOverwriteAndChecksTheCountry() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let before = try String(contentsOf: site.root.appending(path: "content/countries/spain.md"), encoding: .utf8)
        let again = site.run(["new", "country", "Spain", "--source", site.root.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.err.contains("content/countries/spain.md exists already"), again.err)
        XCTAssertEqual(try String(contentsOf: site.root.appending(path: "content/countries/spain.md"), encoding: .utf8), before)
        let city = site.run(["new", "city", "Seville", "--country", "spian", "--source", site.root.path])
        XCTAssertEqual(city.status, 1)
        XCTAssertTrue(city.err.contains("unknown country \"spian\" (did you mean \"spain\"?)"), city.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appending(path: "content/cities/seville.md").path))
        XCTAssertEqual(site.run(["new", "city", "Seville", "--source", site.root.path]).status, 2)
        XCTAssertEqual(site.run(["new", "planet", "Mars"]).status, 2)
        XCTAssertEqual(site.run(["new", "country", "!!!", "--source", site.root.path]).status, 1)
    }

    func testNewSiteBuildsAtOnceWithTheBuiltInTheme() throws {
        let parent = try FixtureSite([:])
        defer { parent.delete() }
        let folder = parent.root.appending(path: "guide").path
        let created = parent.run(["new", "site", folder])
        XCTAssertEqual(created.status, 0, created.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/templates"))
        let built = parent.run(["build", "--source", folder])
        XCTAssertEqual(built.status, 0, built.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/site/cities/reykjavik.html"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/site/assets/style.css"))
        XCTAssertEqual(parent.run(["new", "site", folder]).status, 1, "a folder that is not empty is refused")
    }

    func testCheckFindsEveryProblemAndWritesNothing() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let clean = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(clean.status, 0, clean.err)
        XCTAssertTrue(clean.out.contains("No problems found"), clean.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "check writes no site")
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spian\n---\n[x](nowhere.md)\n")
        let broken = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.err.contains("content/cities/madrid.md:3:10: unknown country"), broken.err)
        XCTAssertTrue(broken.err.contains("content/cities/madrid.md:5:1: link to a missing page"), broken.err)
        XCTAssertTrue(broken.err.contains("2 errors found"), broken.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path))
    }

    func testQuietPrintsErrorsOnly() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let quiet = site.build(["--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.out + quiet.err, "")
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japn\n---\n")
        let broken = site.build(["-q"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.out, "")
        XCTAssertTrue(broken.err.contains("content/cities/osaka.md:3:10: unknown country \"japn\""), broken.err)
    }
}

final class NewOutsideAGuideTests: XCTestCase {
    func testNewRefusesAFolderThatIsNoGuideUnlessSourceSaysWhere() throws {
        let empty = try FixtureSite([:])
        defer { empty.delete() }
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(empty.root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let refused = empty.run(["new", "country", "Peru"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("is not a guide (it has no content/ and no gazetteer.yaml)"), refused.err)
        XCTAssertTrue(refused.err.contains("--source DIR"), refused.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty.root.appending(path: "content").path))
        XCTAssertEqual(empty.run(["new", "country", "Peru", "--source", empty.root.path]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: empty.root.appending(path: "content/countries/peru.md").path))
    }
}
