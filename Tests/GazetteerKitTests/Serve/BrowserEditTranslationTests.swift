import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// Edit mode on a French page in a real browser: the form (in French, by its French labels)
/// edits the French translation, makes it at the first save with only what was changed, and
/// the French list's Delete removes the translation only.
final class BrowserEditTranslationTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    private static let french: [String: String] = [
        "gazetteer.yaml": "title: Test Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n",
        "content/countries/spain.fr.md": "---\nname: Espagne\n---\n\nLa capitale est [Madrid](../cities/madrid.md).\n",
    ]

    func testTheFirstSaveOnAFrenchPageMakesTheTranslationWithOnlyWhatChanged() throws {
        let browser = try EditBrowser(Self.french, open: "/fr/countries/japan.html")
        let english = browser.file("content/countries/japan.md")
        try browser.click("Modifier")
        try browser.waitUntil("t.has('Capitale')")
        XCTAssertEqual(try browser.value("Nom"), "Japan", "what the page shows: the English name, untranslated yet")
        XCTAssertEqual(try browser.value("Capitale"), "Tokyo")
        XCTAssertFalse(try browser.run("t.has('Continents')") as? Bool ?? true, "the continents are the entry's in every language")
        XCTAssertTrue((try browser.run("document.querySelector('.gz-translation-note').textContent") as? String ?? "")
            .contains("japan.fr.md"), "the form says which file it makes")
        XCTAssertEqual(try browser.run("t.buttons('Supprimer la traduction').length") as? Int, 0, "nothing to delete yet")

        try browser.markPage()
        try browser.type("Nom", "Japon")
        try browser.click("Enregistrer")
        let made = try browser.waitForFile("content/countries/japan.fr.md") { $0 != nil }
        XCTAssertEqual(made, "---\nname: Japon\n---\n", "only the value changed: no capital, no text copied")
        XCTAssertEqual(browser.file("content/countries/japan.md"), english)
        try browser.waitForReload(then: "document.querySelector('main h1').textContent.includes('Japon')")
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith('Japon enregistré')", timeout: 5)

        // A second edit changes the translation's bytes only.
        try browser.click("Modifier")
        try browser.waitUntil("t.has('Capitale') && t.buttons('Supprimer la traduction').length === 1")
        try browser.markPage()
        try browser.type("Capitale", "Tokyo (東京)")
        try browser.click("Enregistrer")
        let edited = try browser.waitForFile("content/countries/japan.fr.md") { $0 != made }
        XCTAssertEqual(edited, "---\nname: Japon\ncapital: Tokyo (東京)\n---\n")
        try browser.waitForReload()
    }

    func testDeleteOnTheFrenchListRemovesTheTranslationOnly() throws {
        let browser = try EditBrowser(Self.french, open: "/fr/index.html")
        try browser.click("Modifier")
        try browser.waitUntil("t.buttons('Supprimer la traduction Espagne').length === 1")
        XCTAssertEqual(try browser.run("t.buttons('Ajouter un pays…').length") as? Int, 0, "new countries are added in English")
        XCTAssertEqual(try browser.run("document.querySelector('.gz-add-cell a').getAttribute('href')") as? String, "/index.html")
        let builds = browser.session.buildCount
        try browser.click("Supprimer la traduction Espagne")
        _ = try browser.waitForFile("content/countries/spain.fr.md") { $0 == nil }
        XCTAssertNotNil(browser.file("content/countries/spain.md"), "the entry stays")
        // Spain's French page (where the list sends the editor), once rebuilt without its
        // translation: its English text. (Opened again once the rebuild is done: a page served
        // while it ran may miss its reload, or reload under the next click.)
        let deadline = Date().addingTimeInterval(20)
        while browser.session.buildCount == builds, Date() < deadline { usleep(50_000) }
        try browser.open("/fr/countries/spain.html")
        try browser.waitUntil("document.querySelector('main').textContent.includes('capital is')")
        try browser.click("Annuler")
        _ = try browser.waitForFile("content/countries/spain.fr.md") { $0 != nil }
    }

    /// The names of the visible buttons whose name begins with `words`, as `t` names them.
    private func buttons(_ browser: EditBrowser, beginning words: String) throws -> [String] {
        let script = "[...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null)"
            + ".map((b) => b.textContent.replace(/\\s+/g, ' ').trim()).filter((n) => n.startsWith(\(EditBrowser.quote(words))))"
        return try browser.run("JSON.stringify(" + script + ")").flatMap { ($0 as? String).map { Array($0.utf8) } }
            .flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String] } ?? []
    }

    func testOnlyRowsWhoseEntryHasATranslationOfferToDeleteIt() throws {
        var files = Self.french
        files["content/cities/osaka.fr.md"] = "---\nname: Ōsaka\n---\n"
        let browser = try EditBrowser(files, open: "/fr/index.html")
        try browser.click("Modifier")
        try browser.waitUntil("t.buttons('Supprimer la traduction Espagne').length === 1")
        XCTAssertEqual(try buttons(browser, beginning: "Supprimer"), ["Supprimer la traduction Espagne"],
                       "Japan and Turkey show the English values: they have no translation to delete")
        XCTAssertEqual(try browser.run("document.querySelectorAll('td.gz-col-actions').length") as? Int, 3,
                       "every row keeps its cell, so that the table stays whole")
        try browser.open("/fr/cities/index.html")
        try browser.click("Modifier")
        try browser.waitUntil("t.buttons('Supprimer la traduction Ōsaka').length === 1")
        XCTAssertEqual(try buttons(browser, beginning: "Supprimer"), ["Supprimer la traduction Ōsaka"], "Madrid has none")
    }

    func testClearingTheLastValueOfATranslationDeletesItAndSaysSo() throws {
        let browser = try EditBrowser(["gazetteer.yaml": Self.french["gazetteer.yaml"]!,
                                       "content/countries/japan.fr.md": "---\nname: Japon\n---\n"], open: "/fr/countries/japan.html")
        try browser.click("Modifier")
        try browser.waitUntil("t.has('Nom') && t.buttons('Supprimer la traduction').length === 1")
        XCTAssertEqual(try browser.value("Nom"), "Japon")
        try browser.markPage()
        try browser.type("Nom", "")
        try browser.click("Enregistrer")
        _ = try browser.waitForFile("content/countries/japan.fr.md") { $0 == nil }
        try browser.waitForReload()
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith("
            + "'Enregistré : japan.fr.md ne contenait plus rien')", timeout: 5)
        try browser.markPage()
        try browser.click("Annuler")
        let back = try browser.waitForFile("content/countries/japan.fr.md") { $0 != nil }
        XCTAssertEqual(back, "---\nname: Japon\n---\n")
    }
}
