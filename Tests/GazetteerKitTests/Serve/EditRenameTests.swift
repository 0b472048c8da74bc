import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// `POST api/rename`: the file under its new name with its old one in `redirect_from`, every
/// reference to it rewritten where it is written and nowhere else, all as one change for Undo;
/// refusals write nothing.
final class EditRenameTests: XCTestCase {
    private var files: [String: String] {
        var files = FixtureSite.good
        files["content/countries/turkey.md"]! += "\n\nNeighbours by sea: [Spain](spain.md) and [Japan](japan.md).\n"
        files["content/cities/osaka.md"] = "---\r\nname: Osaka\r\ncountry: japan\r\n---\r\n\r\nFar from [Spain](/countries/spain.md).\r\n"
        return files
    }

    /// Polls `path` until its text contains `words` (the rebuild after a write), for up to 15 s.
    private func page(_ guide: EditedGuide, _ path: String, contains words: String) throws -> String {
        var text = ""
        for _ in 0..<150 {
            text = try guide.send("GET", path).text
            if text.contains(words) { return text }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return text
    }

    func testRenamingACountryRewritesEveryReferenceAndUndoBringsEveryFileBack() throws {
        let guide = try EditedGuide(files)
        try guide.login()
        let before = guide.contentSnapshot()
        func text(_ path: String) -> String { String(decoding: before[path] ?? [], as: UTF8.self) }
        let answer = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": "espana",
                                               "digest": try guide.digest("country", "spain")])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(EditedGuide.json(answer)["url"] as? String, "/countries/espana.html")
        let after = guide.contentSnapshot()
        XCTAssertNil(after["countries/spain.md"])
        XCTAssertEqual(after["countries/espana.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/spain.md").replacingOccurrences(of: "flag: flags/spain.svg\n", with: "flag: flags/spain.svg\nredirect_from: [spain]\n"))
        XCTAssertEqual(after["cities/madrid.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/madrid.md").replacingOccurrences(of: "country: spain", with: "country: espana")
                           .replacingOccurrences(of: "(../countries/spain.md#top)", with: "(../countries/espana.md#top)"))
        XCTAssertEqual(after["countries/turkey.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/turkey.md").replacingOccurrences(of: "[Spain](spain.md)", with: "[Spain](espana.md)"))
        XCTAssertEqual(after["cities/osaka.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/osaka.md").replacingOccurrences(of: "(/countries/spain.md)", with: "(/countries/espana.md)"),
                       "CRLF kept")
        for (path, bytes) in before where !["countries/spain.md", "cities/madrid.md", "countries/turkey.md", "cities/osaka.md"].contains(path) {
            XCTAssertEqual(after[path], bytes, "\(path) is untouched")
        }
        // After the rebuild, the old address sends readers on, and the country's page lists Madrid.
        let redirect = try page(guide, "/countries/spain.html", contains: "http-equiv=\"refresh\"")
        XCTAssertTrue(redirect.contains("url=espana.html"), redirect)
        XCTAssertTrue(try page(guide, "/countries/espana.html", contains: "Madrid").contains("../cities/madrid.html"))

        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid renaming Spain's file to espana.md")
        XCTAssertEqual(EditedGuide.json(undone)["url"] as? String, "/countries/spain.html")
        XCTAssertEqual(guide.contentSnapshot(), before, "every file back, the new one gone")
    }

    func testRenamingACountryRewritesTheLinksOfPagesOfOnesOwn() throws {
        var files = self.files
        files["content/pages/about.md"] = "---\ntitle: About\n---\n\nWe start in [Spain](../countries/spain.md).\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let before = guide.contentSnapshot()
        let answer = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": "espana",
                                               "digest": try guide.digest("country", "spain")])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(guide.contentSnapshot()["pages/about.md"].map { String(decoding: $0, as: UTF8.self) },
                       "---\ntitle: About\n---\n\nWe start in [Spain](../countries/espana.md).\n")
        XCTAssertTrue(try page(guide, "/about.html", contains: "countries/espana.html").contains("countries/espana.html"),
                      "the page links to the new address once rebuilt")
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(guide.contentSnapshot(), before, "the page's link back too")
    }

    func testRenamingACityKeepsEachOldNameOnce() throws {
        let guide = try EditedGuide()
        try guide.login()
        let first = try guide.post("rename", ["kind": "city", "slug": "madrid", "newSlug": "madrid-city",
                                              "digest": try guide.digest("city", "madrid")])
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertTrue(String(decoding: guide.bytes("content/countries/spain.md") ?? [], as: UTF8.self).contains("[Madrid](../cities/madrid-city.md)"))
        XCTAssertTrue(try page(guide, "/cities/madrid.html", contains: "refresh").contains("url=madrid-city.html"))
        let back = try guide.post("rename", ["kind": "city", "slug": "madrid-city", "newSlug": "madrid",
                                             "digest": try guide.digest("city", "madrid-city")])
        XCTAssertEqual(back.status, 200, back.text)
        let text = String(decoding: guide.bytes("content/cities/madrid.md") ?? [], as: UTF8.self)
        XCTAssertTrue(text.contains("redirect_from: [madrid-city]\n"), text)
        XCTAssertTrue(try page(guide, "/cities/madrid-city.html", contains: "refresh").contains("url=madrid.html"))
    }

    func testARefusedRenameWritesNothing() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let digest = try guide.digest("country", "spain")
        for (newSlug, status, words) in [
            ("japan", 409, "content/countries/japan.md exists already"),
            ("España Grande", 422, "content/countries/España Grande.md: \\\"España Grande\\\" is not a file name as the guide makes them"),
            ("../japan", 422, "a file name may not begin with a dot"),
            ("", 422, "a file name may not be empty"),
        ] {
            let answer = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": newSlug, "digest": digest])
            XCTAssertEqual(answer.status, status, "\(newSlug): \(answer.text)")
            XCTAssertTrue(answer.text.contains(words), "\(newSlug): \(answer.text)")
        }
        let city = try guide.post("rename", ["kind": "city", "slug": "osaka", "newSlug": "page-2", "digest": try guide.digest("city", "osaka")])
        XCTAssertEqual(city.status, 422, city.text)
        XCTAssertTrue(city.text.contains("a page of the City Guide"), city.text)
        let stale = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": "espana", "digest": String(repeating: "0", count: 64)])
        XCTAssertEqual(stale.status, 409, stale.text)
        XCTAssertNotNil(EditedGuide.json(stale)["conflict"])
        XCTAssertEqual(guide.contentSnapshot(), before)
        XCTAssertEqual(try guide.post("undo", [:]).status, 404, "nothing was done, so nothing to undo")
    }
    /// A guide in English and French: France with its translation, Paris (linking to France)
    /// with its own, and Spain's translation linking to France and to France's translation.
    private static let french: [String: String] = {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
        files["content/countries/france.md"] = "---\nname: France\ncapital: Paris\ncontinents: [Europe]\n---\n\nIts capital is [Paris](../cities/paris.md).\n"
        files["content/countries/france.fr.md"] =
            "---\n# Le nom\nname: La France\n---\n\nSa capitale est [Paris](../cities/paris.md) ; voir [plus haut](france.md#top).\n"
        files["content/cities/paris.md"] = "---\nname: Paris\ncountry: france\n---\n\nThe capital of [France](../countries/france.md).\n"
        files["content/cities/paris.fr.md"] = "---\r\nname: Paris\r\n---\r\n\r\nLa capitale de [la France](../countries/france.md#nord).\r\n"
        files["content/countries/spain.fr.md"] =
            "---\nname: Espagne\n---\n\nVoisine de [la France](france.md) (et [en français](france.fr.md)).\n"
        return files
    }()

    /// The guide's content as `snapshot` holds it, written into a guide of its own and built there.
    private func buildCopy(_ snapshot: [String: [UInt8]]) throws -> (FixtureSite, (status: Int32, out: String, err: String)) {
        var files = ["gazetteer.yaml": Self.french["gazetteer.yaml"]!]
        for (path, bytes) in snapshot { files["content/" + path] = String(decoding: bytes, as: UTF8.self) }
        let site = try FixtureSite(files)
        return (site, site.build())
    }

    func testRenamingAnEntryMovesItsTranslationsAndUndoBringsEveryFileBack() throws {
        let guide = try EditedGuide(Self.french)
        try guide.login()
        let before = guide.contentSnapshot()
        func text(_ path: String) -> String { String(decoding: before[path] ?? [], as: UTF8.self) }
        let answer = try guide.post("rename", ["kind": "country", "slug": "france", "newSlug": "republique",
                                               "digest": try guide.digest("country", "france")])
        XCTAssertEqual(answer.status, 200, answer.text)
        let after = guide.contentSnapshot()
        XCTAssertNil(after["countries/france.md"])
        XCTAssertNil(after["countries/france.fr.md"], "the translation went with its entry")
        XCTAssertEqual(after["countries/republique.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/france.md").replacingOccurrences(of: "continents: [Europe]\n", with: "continents: [Europe]\nredirect_from: [france]\n"))
        XCTAssertEqual(after["countries/republique.fr.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/france.fr.md").replacingOccurrences(of: "(france.md#top)", with: "(republique.md#top)"),
                       "moved, its link to its entry sent to the new name, nothing else changed")
        XCTAssertEqual(after["cities/paris.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/paris.md").replacingOccurrences(of: "country: france", with: "country: republique")
                           .replacingOccurrences(of: "(../countries/france.md)", with: "(../countries/republique.md)"))
        XCTAssertEqual(after["cities/paris.fr.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/paris.fr.md").replacingOccurrences(of: "(../countries/france.md#nord)", with: "(../countries/republique.md#nord)"),
                       "a translation's link too, CRLF kept")
        XCTAssertEqual(after["countries/spain.fr.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/spain.fr.md").replacingOccurrences(of: "(france.md)", with: "(republique.md)")
                           .replacingOccurrences(of: "(france.fr.md)", with: "(republique.fr.md)"),
                       "links to the entry and to its translation")
        let changed = ["countries/france.md", "countries/france.fr.md", "cities/paris.md", "cities/paris.fr.md", "countries/spain.fr.md"]
        for (path, bytes) in before where !changed.contains(path) { XCTAssertEqual(after[path], bytes, "\(path) is untouched") }

        // The guide as the rename left it builds cleanly, the French page at the new name.
        let (copy, build) = try buildCopy(after)
        defer { copy.delete() }
        XCTAssertEqual(build.status, 0, build.err)
        XCTAssertTrue(copy.read("fr/countries/republique.html")?.contains("La France") == true, "the French page at the new slug")
        XCTAssertTrue(copy.read("fr/countries/france.html")?.contains("url=republique.html") == true, "the old French address sends readers on")
        XCTAssertTrue(copy.read("fr/cities/paris.html")?.contains("href=\"../countries/republique.html#nord\"") == true)
        // And so does the server's own rebuild.
        XCTAssertTrue(try page(guide, "/fr/countries/republique.html", contains: "La France").contains("La France"))

        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid renaming France's file to republique.md")
        XCTAssertEqual(guide.contentSnapshot(), before, "every file back byte for byte, the new ones gone")
        XCTAssertTrue(try page(guide, "/fr/countries/france.html", contains: "La France").contains("La France"))
    }

    func testRenamingACityMovesItsTranslationAndATranslationsCountryFollowsARenamedCountry() throws {
        var files = Self.french
        // A translation that gives `country:` (a warning: it is the entry's) names the country too.
        files["content/cities/lyon.md"] = "---\nname: Lyon\ncountry: france\n---\n"
        files["content/cities/lyon.fr.md"] = "---\nname: Lyon\ncountry: france\n---\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let before = guide.contentSnapshot()
        let country = try guide.post("rename", ["kind": "country", "slug": "france", "newSlug": "republique",
                                                "digest": try guide.digest("country", "france")])
        XCTAssertEqual(country.status, 200, country.text)
        XCTAssertEqual(guide.bytes("content/cities/lyon.fr.md").map { String(decoding: $0, as: UTF8.self) },
                       "---\nname: Lyon\ncountry: republique\n---\n")
        let city = try guide.post("rename", ["kind": "city", "slug": "paris", "newSlug": "paris-ville",
                                             "digest": try guide.digest("city", "paris")])
        XCTAssertEqual(city.status, 200, city.text)
        let after = guide.contentSnapshot()
        XCTAssertNil(after["cities/paris.fr.md"])
        XCTAssertEqual(after["cities/paris-ville.fr.md"].map { String(decoding: $0, as: UTF8.self) },
                       "---\r\nname: Paris\r\n---\r\n\r\nLa capitale de [la France](../countries/republique.md#nord).\r\n")
        XCTAssertTrue(after["countries/republique.fr.md"].map { String(decoding: $0, as: UTF8.self) }?
            .contains("[Paris](../cities/paris-ville.md)") == true, "the country's translation links to the city's new name")
        let (copy, build) = try buildCopy(after)
        defer { copy.delete() }
        XCTAssertEqual(build.status, 0, build.err)
        XCTAssertTrue(copy.exists("fr/cities/paris-ville.html"))
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(guide.contentSnapshot(), before)
    }

    func testARenameIsRefusedWhenATranslationsNewNameIsTaken() throws {
        let guide = try EditedGuide(Self.french)
        try guide.login()
        let digest = try guide.digest("country", "france")
        // Made after the build (so the server does not know it), where France's translation would go.
        try guide.site.write("content/countries/republique.fr.md", "---\nname: Autre\n---\n")
        let before = guide.contentSnapshot()
        let answer = try guide.post("rename", ["kind": "country", "slug": "france", "newSlug": "republique", "digest": digest])
        XCTAssertEqual(answer.status, 409, answer.text)
        XCTAssertTrue(answer.text.contains("content/countries/republique.fr.md exists already"), answer.text)
        XCTAssertEqual(guide.contentSnapshot(), before, "nothing was renamed")
    }
}
