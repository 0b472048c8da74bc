import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// Edit mode on the pages of another language: the form of `fr/countries/spain.html` is the
/// French translation's (`spain.fr.md`), showing what the page shows; Save writes only the
/// values changed into the translation, or makes it holding only those; Delete removes the
/// translation only; the same refusals, conflicts and undo as every write.
final class EditTranslationTests: XCTestCase {
    static func files() -> [String: String] {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
        files["content/countries/spain.fr.md"] = "---\n# Le nom en français\nname: Espagne\n---\n\nLa capitale est [Madrid](../cities/madrid.md).\n"
        return files
    }

    private let spainFR = "content/countries/spain.fr.md"
    private let japanFR = "content/countries/japan.fr.md"

    private func text(_ guide: EditedGuide, _ path: String) -> String? { guide.bytes(path).map { String(decoding: $0, as: UTF8.self) } }

    func testTheFormOfAFrenchPageShowsWhatThePageShowsAndTheTranslationsDigest() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        let page = try guide.send("GET", "/fr/countries/spain.html").text
        XCTAssertTrue(page.contains("\"page\":{\"kind\":\"country\",\"language\":\"fr\",\"slug\":\"spain\"}"), "the page says its language")
        XCTAssertTrue(page.contains("\"save\":\"Enregistrer\""), "and carries the French words")
        let entry = EditedGuide.json(try guide.get("entry?kind=country&slug=spain&language=fr"))
        XCTAssertEqual(entry["path"] as? String, spainFR)
        XCTAssertEqual(entry["digest"] as? String, Digest(of: try XCTUnwrap(guide.bytes(spainFR))).hex)
        let fields = try XCTUnwrap(entry["fields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["key"] as? String }, ["name", "official_name", "capital", "motto"], "the texts only")
        XCTAssertEqual(fields[0]["value"] as? String, "Espagne", "the translation's")
        XCTAssertEqual(fields[2]["value"] as? String, "Madrid", "the entry's, where the translation gives none")
        XCTAssertEqual(entry["body"] as? String, "\nLa capitale est [Madrid](../cities/madrid.md).\n")
        let translation = try XCTUnwrap(entry["translation"] as? [String: Any])
        XCTAssertEqual(translation["exists"] as? Bool, true)
        XCTAssertEqual(translation["own"] as? [String], ["name", "body"])
        XCTAssertEqual(translation["defaultURL"] as? String, "/countries/spain.html")

        let japan = EditedGuide.json(try guide.get("entry?kind=country&slug=japan&language=fr"))
        XCTAssertEqual(japan["path"] as? String, japanFR)
        XCTAssertEqual(japan["digest"] as? String, "", "no translation yet")
        XCTAssertEqual((japan["translation"] as? [String: Any])?["exists"] as? Bool, false)
        XCTAssertEqual(japan["body"] as? String, "\nAn island country.", "the entry's text, as the page shows it")
        XCTAssertEqual(try guide.get("entry?kind=country&slug=japan&language=de").status, 400, "not a language of the guide")
    }

    func testASaveChangesOnlyTheTranslationsBytes() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        let english = guide.bytes("content/countries/spain.md")
        let before = try XCTUnwrap(text(guide, spainFR))
        let digest = try XCTUnwrap(EditedGuide.json(try guide.get("entry?kind=country&slug=spain&language=fr"))["digest"] as? String)
        let events = try guide.events()
        let answer = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest,
                                             "fields": ["capital": "Madrid (capitale)"]])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertEqual(EditedGuide.json(answer)["url"] as? String, "/fr/countries/spain.html")
        XCTAssertEqual(text(guide, spainFR), before.replacingOccurrences(of: "name: Espagne\n", with: "name: Espagne\ncapital: Madrid (capitale)\n"),
                       "the new key at the end of the front matter, the comment and the body kept")
        XCTAssertEqual(guide.bytes("content/countries/spain.md"), english, "the English file is untouched")
        let page = try guide.send("GET", "/fr/countries/spain.html").text
        XCTAssertTrue(page.contains("Madrid (capitale)"), "rebuilt")
        XCTAssertFalse(try guide.send("GET", "/countries/spain.html").text.contains("Madrid (capitale)"))
    }

    func testTheFirstSaveMakesTheTranslationHoldingOnlyWhatChanged() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        XCTAssertNil(guide.bytes(japanFR))
        let events = try guide.events()
        let answer = try guide.post("save", ["kind": "country", "slug": "japan", "language": "fr", "digest": "",
                                             "fields": ["name": "Japon"]])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertEqual(text(guide, japanFR), "---\nname: Japon\n---\n", "no value of japan.md copied, no body: the entry's shows")
        XCTAssertTrue(try guide.send("GET", "/fr/countries/japan.html").text.contains("Japon"))

        // With a text typed, the body too; and a second save with the old "" digest is a conflict.
        let again = try guide.post("save", ["kind": "country", "slug": "japan", "language": "fr", "digest": "",
                                            "fields": [:], "body": "\nUn pays insulaire.\n"])
        XCTAssertEqual(again.status, 409, "the translation appeared since the form was opened")
        XCTAssertEqual(text(guide, japanFR), "---\nname: Japon\n---\n")
        let digest = try XCTUnwrap(EditedGuide.json(again)["conflict"] as? [String: String])["digest"]!
        let third = try guide.post("save", ["kind": "country", "slug": "japan", "language": "fr", "digest": digest,
                                            "fields": [:], "body": "\nUn pays insulaire.\n"])
        XCTAssertEqual(third.status, 200, third.text)
        XCTAssertEqual(text(guide, japanFR), "---\nname: Japon\n---\n\nUn pays insulaire.\n")

        // Undo takes it back step by step, the first one removing the file it made.
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(text(guide, japanFR), "---\nname: Japon\n---\n")
        let undone = try guide.post("undo", [:])
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid adding the Français text of Japan")
        XCTAssertEqual(EditedGuide.json(undone)["url"] as? String, "/fr/countries/japan.html", "the page is still there, in English")
        XCTAssertNil(guide.bytes(japanFR))
    }

    func testWhatATranslationCannotHoldIsRefusedAndNothingIsWritten() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        let before = guide.contentSnapshot()
        let digest = try XCTUnwrap(EditedGuide.json(try guide.get("entry?kind=country&slug=spain&language=fr"))["digest"] as? String)
        // The entry's in every language.
        let shared = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest,
                                             "fields": ["continents": ["Asia"]]])
        XCTAssertEqual(shared.status, 422)
        let problem = try XCTUnwrap((EditedGuide.json(shared)["problems"] as? [[String: Any]])?.first)
        XCTAssertEqual(problem["field"] as? String, "continents")
        XCTAssertTrue((problem["message"] as? String)?.contains("change it in spain.md") == true, "\(problem)")
        // Clearing a value the translation does not hold would change nothing on the page.
        let cleared = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest,
                                              "fields": ["motto": NSNull()]])
        XCTAssertEqual(cleared.status, 422)
        XCTAssertTrue(cleared.text.contains("cannot take it away"), cleared.text)
        // What the build refuses in a translation: a name that is no text.
        let list = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest,
                                           "fields": ["name": ["Espagne", "España"]]])
        XCTAssertEqual(list.status, 422, list.text)
        XCTAssertTrue(list.text.contains("name must be text"), list.text)
        XCTAssertEqual(guide.contentSnapshot(), before)
        // Clearing one it holds takes its line out: the page shows the entry's again.
        let name = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest,
                                           "fields": ["name": NSNull()]])
        XCTAssertEqual(name.status, 200, name.text)
        XCTAssertEqual(text(guide, spainFR), "---\n# Le nom en français\n---\n\nLa capitale est [Madrid](../cities/madrid.md).\n")
    }

    func testClearingATranslationsLastValueDeletesItAndUndoBringsItBack() throws {
        var files = Self.files()
        files["content/countries/japan.fr.md"] = "---\nname: Japon # le nom\n---\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let before = try XCTUnwrap(guide.bytes(japanFR))
        let events = try guide.events()
        let answer = try guide.post("save", ["kind": "country", "slug": "japan", "language": "fr", "digest": Digest(of: before).hex,
                                             "fields": ["name": NSNull()]])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(EditedGuide.json(answer)["deleted"] as? Bool, true, "the answer says the file went")
        XCTAssertEqual(EditedGuide.json(answer)["digest"] as? String, "", "there is no translation now")
        XCTAssertNil(guide.bytes(japanFR), "no file of empty front matter is left behind")
        XCTAssertNotNil(guide.bytes("content/countries/japan.md"), "the entry stays")
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertTrue(try guide.send("GET", "/fr/countries/japan.html").text.contains("An island country."), "shown in English now")
        let entry = EditedGuide.json(try guide.get("entry?kind=country&slug=japan&language=fr"))
        XCTAssertEqual((entry["translation"] as? [String: Any])?["exists"] as? Bool, false)

        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String,
                       "Undid clearing the last Français value of Japan, which deleted japan.fr.md")
        XCTAssertEqual(EditedGuide.json(undone)["url"] as? String, "/fr/countries/japan.html")
        XCTAssertEqual(guide.bytes(japanFR), before, "back byte for byte")
    }

    func testATranslationWithATextKeepsValidFrontMatterAndGoesWithItsText() throws {
        var files = Self.files()
        files["content/countries/spain.fr.md"] = "---\r\nname: Espagne\r\n---\r\n\r\nUn pays européen.\r\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let before = guide.contentSnapshot()
        let name = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr",
                                           "digest": Digest(of: try XCTUnwrap(guide.bytes(spainFR))).hex, "fields": ["name": NSNull()]])
        XCTAssertEqual(name.status, 200, name.text)
        XCTAssertNil(EditedGuide.json(name)["deleted"], "it still holds its text")
        let kept = try XCTUnwrap(text(guide, spainFR))
        XCTAssertEqual(kept, "---\r\n---\r\n\r\nUn pays européen.\r\n", "the text and the line ends as they were")
        // Front matter the build reads: the guide builds, its French page with the French text.
        var copied = ["gazetteer.yaml": files["gazetteer.yaml"]!]
        for (path, bytes) in guide.contentSnapshot() { copied["content/" + path] = String(decoding: bytes, as: UTF8.self) }
        let copy = try FixtureSite(copied)
        defer { copy.delete() }
        let build = copy.build()
        XCTAssertEqual(build.status, 0, build.err)
        let page = try XCTUnwrap(copy.read("fr/countries/spain.html"))
        XCTAssertTrue(page.contains("Un pays européen."), page)

        // Then the text cleared too: nothing is left, and the file goes.
        let body = try guide.post("save", ["kind": "country", "slug": "spain", "language": "fr",
                                           "digest": Digest(of: Array(kept.utf8)).hex, "body": ""])
        XCTAssertEqual(body.status, 200, body.text)
        XCTAssertEqual(EditedGuide.json(body)["deleted"] as? Bool, true)
        XCTAssertNil(guide.bytes(spainFR))
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(text(guide, spainFR), kept)
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(guide.contentSnapshot(), before, "every step undone, byte for byte")
    }

    func testTheEntriesWithATranslationAreTheServersToSay() throws {
        var files = Self.files()
        files["content/cities/osaka.fr.md"] = "---\nname: Ōsaka\n---\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let countries = EditedGuide.json(try guide.get("translations?kind=country&language=fr"))
        XCTAssertEqual(countries["slugs"] as? [String], ["spain"], "Japan and Turkey have no French file: nothing to delete there")
        XCTAssertEqual(EditedGuide.json(try guide.get("translations?kind=city&language=fr"))["slugs"] as? [String], ["osaka"])
        XCTAssertEqual(try guide.get("translations?kind=country&language=de").status, 400, "not a language of the guide")
        XCTAssertEqual(try guide.get("translations?kind=country&language=en").status, 400, "the default language has no translations")
        XCTAssertEqual(try guide.get("translations?kind=page&language=fr").status, 400)
        // After a delete and the rebuild, the answer follows.
        let digest = Digest(of: try XCTUnwrap(guide.bytes(spainFR))).hex
        let events = try guide.events()
        XCTAssertEqual(try guide.post("delete", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest]).status, 200)
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertEqual(EditedGuide.json(try guide.get("translations?kind=country&language=fr"))["slugs"] as? [String], [])
    }

    func testDeleteOnAFrenchPageRemovesTheTranslationOnly() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        let before = try XCTUnwrap(guide.bytes(spainFR))
        let digest = Digest(of: before).hex
        let events = try guide.events()
        let deleted = try guide.post("delete", ["kind": "country", "slug": "spain", "language": "fr", "digest": digest])
        XCTAssertEqual(deleted.status, 200, deleted.text)
        XCTAssertEqual(EditedGuide.json(deleted)["url"] as? String, "/fr/countries/spain.html")
        XCTAssertNil(guide.bytes(spainFR))
        XCTAssertNotNil(guide.bytes("content/countries/spain.md"), "the entry stays")
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertTrue(try guide.send("GET", "/fr/countries/spain.html").text.contains("Kingdom of Spain"), "shown in English now")
        let none = try guide.post("delete", ["kind": "country", "slug": "japan", "language": "fr", "digest": ""])
        XCTAssertEqual(none.status, 404)
        XCTAssertTrue(none.text.contains("japan.fr.md does not exist"), none.text)
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(guide.bytes(spainFR), before)
    }

    func testTheFrenchPreviewLinksToFrenchPages() throws {
        let guide = try EditedGuide(Self.files())
        try guide.login()
        let answer = try guide.post("preview", ["kind": "country", "slug": "spain", "language": "fr",
                                                "body": "Voir [Madrid](../cities/madrid.md)."])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertTrue((EditedGuide.json(answer)["html"] as? String)?.contains("href=\"../cities/madrid.html\"") == true, answer.text)
    }

    func testAPageOfAnotherLanguageIsKnownByItsFolder() {
        let page = { (path: String) in EditInjection.page(at: path, languages: ["fr"]) }
        XCTAssertEqual(page("/fr/countries/france.html"), EditInjection.Page(kind: "country", slug: "france", language: "fr"))
        XCTAssertEqual(page("/fr/"), EditInjection.Page(kind: "countries", language: "fr"))
        XCTAssertEqual(page("/fr/cities/page-2.html"), EditInjection.Page(kind: "cities", language: "fr"))
        XCTAssertEqual(page("/countries/france.html"), EditInjection.Page(kind: "country", slug: "france"))
        XCTAssertEqual(EditInjection.page(at: "/fr/countries/france.html"), EditInjection.Page(kind: "other"),
                       "a guide without French has no such page to edit")
    }
}
