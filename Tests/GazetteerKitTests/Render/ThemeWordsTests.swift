import XCTest
@testable import Load
@testable import Render
@testable import Mustache

/// The theme's words: a table per language from the theme's `words/<language>.yaml`, a
/// guide's file changing only the words it names, a missing word shown in the fallback
/// language with a warning naming it and the language.
final class ThemeWordsTests: XCTestCase {
    private let builtIn = [
        SourceFile(path: "(default theme) words/en.yaml", text: "capital: Capital\nmotto: Motto\ncities_of: \"Cities of {name}\"\n"),
        SourceFile(path: "(default theme) words/fr.yaml", text: "capital: Capitale\ncities_of: \"{name}\u{A0}: les villes\"\n"),
    ]

    func testAWordIsLookedUpInTheLanguageThenInTheFallback() {
        let words = ThemeWords(files: builtIn)
        XCTAssertEqual(words.word("capital", in: "fr")?.text, "Capitale")
        XCTAssertEqual(words.word("capital", in: "fr-CA")?.text, "Capitale", "a regional language falls back to its base language")
        XCTAssertEqual(words.word("motto", in: "fr")?.text, "Motto", "missing in French: the English word")
        XCTAssertEqual(words.word("capital", in: "en")?.text, "Capital")
        XCTAssertNil(words.word("tagline", in: "fr"))
        XCTAssertEqual(words.words(of: "fr"), Words(language: "fr", texts: [
            "capital": "Capitale", "motto": "Motto", "cities_of": "{name}\u{A0}: les villes",
        ]))
    }

    func testTheGuidesFileChangesOrAddsOnlyTheWordsItNames() {
        let words = ThemeWords(files: builtIn + [
            SourceFile(path: "templates/words/fr.yaml", text: "capital: Ville capitale\ntagline: Bon voyage\n"),
        ])
        XCTAssertEqual(words.word("capital", in: "fr")?.text, "Ville capitale")
        XCTAssertEqual(words.word("cities_of", in: "fr")?.text, "{name}\u{A0}: les villes", "a word the guide's file does not name stays")
        XCTAssertEqual(words.word("tagline", in: "fr")?.text, "Bon voyage")
        XCTAssertEqual(words.word("capital", in: "fr")?.location.description, "templates/words/fr.yaml:1:10")
    }

    func testAMissingWordIsAWarningNamingTheWordAndTheLanguage() {
        let words = ThemeWords(files: builtIn)
        XCTAssertEqual(words.problems(for: ["fr"]).map(\.description), [
            "templates/words/fr.yaml:1:1: warning: the word \"motto\" has no fr text: the en word (\"Motto\") is shown; add it to templates/words/fr.yaml",
        ])
        XCTAssertEqual(words.problems(for: ["en"]), [], "the built-in theme's language has every word")
        XCTAssertEqual(words.problems(for: ["it"]).map(\.description), [
            "templates/words/it.yaml:1:1: warning: the theme has no words in it (no words/it.yaml): its pages show the words of en",
        ])
        XCTAssertEqual(ThemeWords(files: builtIn, fallback: "fr").word("motto", in: "fr")?.text, "Motto")
    }

    func testATranslationWithOtherPlaceholdersIsAWarningAndShowsTheFallback() {
        let words = ThemeWords(files: builtIn + [
            SourceFile(path: "templates/words/fr.yaml", text: "motto: Devise\ncities_of: \"Les villes de {pays}\"\n"),
        ])
        XCTAssertEqual(words.word("cities_of", in: "fr")?.text, "Cities of {name}")
        XCTAssertEqual(words.problems(for: ["fr"]).map(\.description), [
            "templates/words/fr.yaml:2:12: warning: the word \"cities_of\" in fr must have the placeholders {name} in this order: the en word (\"Cities of {name}\") is shown instead",
        ])
    }

    func testAWordsFileThatIsNotAMappingOfTextIsAnError() {
        let words = ThemeWords(files: [SourceFile(path: "templates/words/de.yaml", text: "capital: [Hauptstadt]\n")])
        XCTAssertEqual(words.errors.map(\.description), [
            "templates/words/de.yaml:1:10: the word \"capital\" must be text (capital: Capitale)",
        ])
    }

    func testPlaceholdersAreFilledInSwiftAndCutAroundTheValuesForTemplates() {
        let words = Words(language: "en", texts: ["page_of": "Page {current} of {total}", "flag_of": "Flag of {name}", "odd": "a {Name} b"])
        XCTAssertEqual(words.filled("flag_of", ["name": "Japan"]), "Flag of Japan")
        XCTAssertEqual(Words.placeholders(in: "Page {current} of {total}"), ["current", "total"])
        XCTAssertEqual(Words.placeholders(in: "a {Name} {} b"), [], "only lower-case names are placeholders")
        guard case .object(let parts) = Words.templateValue("Page {current} of {total}") else { return XCTFail("not an object") }
        XCTAssertEqual(parts.mapValues { value -> String in if case .string(let s) = value { s } else { "?" } },
                       ["before": "Page ", "after_current": " of ", "after_total": ""])
        guard case .string("Capital") = Words.templateValue("Capital") else { return XCTFail("a word without placeholders is text") }
    }

    func testTheBuiltInThemeHasEveryWordInFrenchGermanAndSpanish() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../templates/words")
        let files = try ["en", "fr", "de", "es"].map { language in
            SourceFile(path: "(default theme) words/\(language).yaml",
                       text: try String(contentsOf: folder.appending(path: "\(language).yaml"), encoding: .utf8))
        }
        let words = ThemeWords(files: files)
        XCTAssertEqual(words.errors, [])
        XCTAssertEqual(words.problems(for: ["fr", "de", "es"]), [])
        XCTAssertEqual(words.word("capital", in: "de")?.text, "Hauptstadt")
        XCTAssertEqual(words.word("page_of", in: "es")?.text, "Página {current} de {total}")
        XCTAssertEqual(words.word("distance_km", in: "fr")?.text, "{distance}\u{A0}km", "French typography: a non-breaking space before the unit")
    }

    /// The scripts carry the built-in English words (a page in another language passes its
    /// own): they must be those of words/en.yaml, or an English page would show others.
    func testTheScriptsCarryTheBuiltInEnglishWords() throws {
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../templates")
        let english = ThemeWords(files: [SourceFile(
            path: "(default theme) words/en.yaml", text: try String(contentsOf: theme.appending(path: "words/en.yaml"), encoding: .utf8))])
        let expected = english.words(of: "en").prefixed(PageRenderer.scriptPrefix)
        var carried: [String: String] = [:]
        for script in ["assets/search.js", "assets/table.js"] {
            let text = try String(contentsOf: theme.appending(path: script), encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "var WORDS = {"), script)
            let end = try XCTUnwrap(text.range(of: "};", range: start.upperBound..<text.endIndex))
            var object = "{" + text[start.upperBound..<end.lowerBound] + "}"
            object = object.replacingOccurrences(of: #"(?m)^\s*([a-z_]+):"#, with: "\"$1\":", options: .regularExpression)
            let words = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: String], script)
            carried.merge(words) { first, _ in first }
        }
        XCTAssertEqual(carried, expected)
    }
}
