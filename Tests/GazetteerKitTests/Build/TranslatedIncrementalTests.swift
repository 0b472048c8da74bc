import Foundation
import XCTest
@testable import GazetteerKit
@testable import Render

/// A guide in several languages rebuilt after seeded random edits of entries and their
/// translations (added, changed, renamed so that the French order moves, removed): the
/// output is a clean build's, byte for byte; and editing a translation renders again only
/// pages of its language.
final class TranslatedIncrementalTests: XCTestCase {
    static let settings = """
        title: Test Guide
        page_size: 2
        base_url: https://example.org/
        languages:
          - {code: en, name: English}
          - {code: fr, name: Français}
        """

    func testEditingATranslationRendersOnlyItsLanguagesPages() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = Self.settings
        files["content/countries/japan.fr.md"] = "---\nname: Japon\n---\n\nUn pays insulaire.\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = IncrementalBuildTests.stamps(site.output)
        try site.write("content/countries/japan.fr.md", "---\nname: Japon\n---\n\nUn pays fait d'îles.\n")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let after = IncrementalBuildTests.stamps(site.output)
        let written = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] && $0 != ".gazetteer-files" }
        XCTAssertEqual(Set(written.filter { !$0.hasPrefix("fr/search/") }), Set(["fr/countries/japan.html", "fr/countries/japan.json"]),
                       "only the French page and record that show the body")
        XCTAssertFalse(written.filter { $0.hasPrefix("fr/search/") }.isEmpty, "and the French search index, which holds the text")
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a translation's body was edited")
    }

    func testRandomEditsOfTranslationsGiveWhatACleanBuildGives() throws {
        try Self.randomEdits(settings: Self.settings, seed: 30)
    }

    /// Seeded random edits of entries and translations under `settings`, each build's output
    /// compared with a clean build's.
    static func randomEdits(settings: String, seed: UInt64) throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = settings
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        var random = SeededRandom(seed: seed)
        let entries = ["content/countries/spain", "content/countries/japan", "content/countries/turkey",
                       "content/cities/madrid", "content/cities/osaka"]
        let names = ["Espagne", "Japon", "Turquie", "Zanzibar", "Ångström", "Éire", "Abricot"]
        for step in 0..<20 {
            let entry = entries[random.next(entries.count)]
            let translation = entry + ".fr.md"
            var did = ""
            switch random.next(5) {
            case 0, 1:
                let name = names[random.next(names.count)]
                let body = random.next(2) == 0 ? "" : "\nTexte en français, étape \(step).\n"
                try site.write(translation, "---\nname: \(name) \(step)\n---\n\(body)")
                did = "\(translation) written as \(name)"
            case 2:
                if FileManager.default.fileExists(atPath: site.root.appending(path: translation).path) {
                    try site.remove(translation)
                    did = "\(translation) removed"
                } else {
                    try site.write(translation, "---\ncapital: Capitale \(step)\n---\n")
                    did = "\(translation) with a capital only"
                }
            case 3:
                let path = entry + ".md"
                let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
                try site.write(path, text + "\nMore, step \(step).\n")
                did = "body of \(path)"
            default:
                try site.write("content/cities/town-\(step).md", "---\nname: Town \(step)\ncountry: japan\n---\n")
                try site.write("content/cities/town-\(step).fr.md", "---\nname: Ville \(step)\n---\n")
                did = "new town-\(step) with its translation"
            }
            let result = site.build()
            XCTAssertEqual(result.status, 0, "step \(step), \(did): \(result.err)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, "step \(step), \(did)")
        }
    }

    /// Edits of bodies alone (the lists known to be as they were, their values not made
    /// again): of an entry whose translation has no text of its own, so that the French page
    /// shows the English text; of a translation's text; a translation's text taken away and
    /// given back. Each gives a clean build's output.
    func testBodyOnlyEditsOfEntriesAndTranslationsGiveWhatACleanBuildGives() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = Self.settings
        files["content/countries/japan.fr.md"] = "---\nname: Japon\n---\n\nUn pays insulaire.\n"
        files["content/countries/spain.fr.md"] = "---\nname: Espagne\n---\n"
        files["content/cities/madrid.fr.md"] = "---\nname: Madrid\n---\n\nLa capitale.\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = IncrementalBuildTests.stamps(site.output)
        let spain = try String(contentsOf: site.root.appending(path: "content/countries/spain.md"), encoding: .utf8)
        try site.write("content/countries/spain.md", spain + "\nThe Alhambra is in Granada.\n")
        XCTAssertEqual(site.build().status, 0)
        let after = IncrementalBuildTests.stamps(site.output)
        let written = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        XCTAssertTrue(written.contains("fr/countries/spain.html"), "the French page shows the English text: \(written.sorted())")
        XCTAssertTrue(site.read("fr/countries/spain.html")?.contains("The Alhambra is in Granada.") == true)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after the body of an entry whose translation has none")
        var random = SeededRandom(seed: 31)
        let translations = ["content/countries/japan.fr.md", "content/countries/spain.fr.md", "content/cities/madrid.fr.md"]
        let heads = ["---\nname: Japon\n---\n", "---\nname: Espagne\n---\n", "---\nname: Madrid\n---\n"]
        let entries = ["content/countries/spain.md", "content/countries/japan.md", "content/cities/madrid.md", "content/cities/osaka.md"]
        for step in 0..<14 {
            var did = ""
            switch random.next(3) {
            case 0:
                let path = entries[random.next(entries.count)]
                let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
                try site.write(path, text + "\nMore, step \(step).\n")
                did = "body of \(path)"
            case 1:
                let n = random.next(translations.count)
                try site.write(translations[n], heads[n] + "\nTexte, étape \(step).\n")
                did = "text of \(translations[n])"
            default:
                let n = random.next(translations.count)
                try site.write(translations[n], heads[n])
                did = "text of \(translations[n]) taken away"
            }
            let result = site.build()
            XCTAssertEqual(result.status, 0, "step \(step), \(did): \(result.err)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, "step \(step), \(did)")
        }
    }
}
