import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// Every message edit mode's script shows comes from the theme's words: each word it asks for
/// (`say("…")`) is an `edit_` word of the built-in theme in English, French, German and
/// Spanish, and a French page's edit data carries the French ones.
final class EditWordsTests: XCTestCase {
    /// The words the script asks for by name.
    private func scriptWords() throws -> Set<String> {
        let script = String(decoding: try XCTUnwrap(DefaultTheme.editFile("edit.js")), as: UTF8.self)
        // The names quoted between `say(` and the end of its first argument (`say(a ? "x" : "y", …)`).
        let call = try NSRegularExpression(pattern: #"say\(([^,(){}]*)"#)
        let name = try NSRegularExpression(pattern: #""([a-z_]+)""#)
        var found: Set<String> = []
        for match in call.matches(in: script, range: NSRange(script.startIndex..., in: script)) {
            let argument = String(script[Range(match.range(at: 1), in: script)!])
            for quoted in name.matches(in: argument, range: NSRange(argument.startIndex..., in: argument)) {
                found.insert(String(argument[Range(quoted.range(at: 1), in: argument)!]))
            }
        }
        return found
    }

    /// The `edit_` words of the built-in theme's table of `language`, without the prefix.
    private func themeWords(_ language: String) throws -> Set<String> {
        let file = try XCTUnwrap(DefaultTheme.files.first { $0.path == "words/\(language).yaml" })
        let text = String(decoding: file.data, as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("edit_"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 5)..<colon])
        })
    }

    func testEveryWordTheScriptShowsIsInEveryLanguageOfTheTheme() throws {
        let asked = try scriptWords()
        XCTAssertGreaterThan(asked.count, 80, "the script's messages are words: \(asked.sorted())")
        for word in ["saved", "not_saved_problems", "keep_mine", "conflict_title", "uploaded", "choose", "delete_translation"] {
            XCTAssertTrue(asked.contains(word), word)
        }
        for language in ["en", "fr", "de", "es"] {
            let missing = asked.subtracting(try themeWords(language))
            XCTAssertEqual(missing, [], "words the script shows that words/\(language).yaml lacks")
        }
    }

    func testTheScriptWritesNoMessageOfItsOwn() throws {
        let script = String(decoding: try XCTUnwrap(DefaultTheme.editFile("edit.js")), as: UTF8.self)
        // A message is an announce()'d, changed() or shown text: never a literal sentence.
        let literal = try NSRegularExpression(pattern: #"(announce\(|changed\(|button\(|text: |message: |error: )"[A-Za-z]"#)
        let found = literal.matches(in: script, range: NSRange(script.startIndex..., in: script))
            .map { String(script[Range($0.range, in: script)!]) }
        XCTAssertEqual(found, [], "literal messages in edit.js")
        let css = String(decoding: try XCTUnwrap(DefaultTheme.editFile("edit.css")), as: UTF8.self)
        XCTAssertFalse(css.contains("content: \"Choose"), "no word in the style sheet")
    }

    func testAFrenchPagesEditDataCarriesTheFrenchMessages() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
        let guide = try EditedGuide(files)
        try guide.login()
        func words(_ path: String) throws -> [String: String] {
            let html = try guide.send("GET", path).text
            let start = try XCTUnwrap(html.range(of: "<script id=\"gazetteer-edit-data\" type=\"application/json\">"))
            let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
            return try XCTUnwrap(data["words"] as? [String: String])
        }
        let french = try words("/fr/countries/spain.html")
        XCTAssertEqual(french["saved"], "{name} enregistré.")
        XCTAssertEqual(french["keep_mine"], "Garder ma version")
        XCTAssertEqual(try words("/countries/spain.html")["saved"], "Saved {name}.", "the English pages keep English")
        XCTAssertEqual(try words("/fr/index.html")["delete_translation"], "Supprimer la traduction")
    }
}
