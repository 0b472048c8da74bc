import Foundation
import Diagnostics
import Load
import FrontMatter

/// The words the theme's pages show ("Countries", "Capital", "Page 2 of 5"), a table per
/// language, read from the theme's `words/<language>.yaml` files (`Theme.words`): the
/// built-in theme's, then the guide's, a word of a later file replacing the same word of an
/// earlier one. A language lacking a word shows it in the fallback language (`fallback`,
/// then the built-in theme's `en`); `problems(for:)` names each word missing.
///
/// A word may hold placeholders, `{name}`, which templates fill around the values they
/// write (see `Words`); a translation must have the same placeholders in the same order.
package struct ThemeWords: Sendable {
    /// The language the built-in theme's words are complete in, the last fallback.
    package static let baseLanguage = "en"

    /// A word of one language, and where it was written.
    package struct Word: Sendable, Equatable {
        package var text: String
        package var location: SourceLocation
    }

    /// Per language, per word.
    private(set) var table: [String: [String: Word]] = [:]
    /// The file that gave each language its words (the guide's when it has one), for messages.
    private var files: [String: String] = [:]
    /// The language a word missing in another is shown in (the guide's default language).
    package var fallback: String
    /// The built-in theme's words in the base language, as it ships them (not as a guide's
    /// files change them): what the theme's scripts carry (see `PageRenderer.scriptWords`).
    package private(set) var builtIn: [String: String] = [:]
    /// Problems of the files themselves (not YAML, a value that is not text), errors.
    package private(set) var errors: [Diagnostic] = []

    package init(files: [SourceFile], fallback: String = ThemeWords.baseLanguage) {
        self.fallback = fallback
        for file in files {
            guard let language = Self.language(ofShownPath: file.path) else { continue }
            self.files[language] = file.path
            let root: YAMLNode
            do throws(DiagnosticList) {
                root = try YAMLParser.parse(file.text, path: file.path)
            } catch {
                errors += error.diagnostics
                continue
            }
            if case .null = root.value { continue }
            guard case .mapping(let entries) = root.value else {
                errors.append(Diagnostic(
                    "a words file is a mapping of words, one a line (capital: Capitale)", at: root.location))
                continue
            }
            for entry in entries {
                guard let text = entry.value.text, !entry.value.isCollection else {
                    errors.append(Diagnostic(
                        "the word \"\(entry.key)\" must be text (capital: Capitale)", at: entry.value.location))
                    continue
                }
                table[language, default: [:]][entry.key] = Word(text: text, location: entry.value.location)
                if language == Self.baseLanguage, file.path.hasPrefix("(default theme) ") { builtIn[entry.key] = text }
            }
        }
    }

    /// The language of a words file from the path messages show it by
    /// (`templates/words/fr.yaml`, `(default theme) words/fr.yaml`).
    private static func language(ofShownPath path: String) -> String? {
        guard let range = path.range(of: "words/", options: .backwards) else { return nil }
        return Theme.wordsLanguage(ofPath: String(path[range.lowerBound...]))
    }

    /// The languages a lookup in `language` tries, in order: itself, its base language (`fr`
    /// for `fr-CA`), the fallback, the built-in theme's.
    package func chain(_ language: String) -> [String] {
        var chain = [language]
        if let dash = language.firstIndex(where: { $0 == "-" || $0 == "_" }) { chain.append(String(language[..<dash])) }
        chain += [fallback, Self.baseLanguage]
        var seen: Set<String> = []
        return chain.filter { seen.insert($0).inserted }
    }

    /// The word `key` in `language`, or in the first language of its chain that has it.
    package func word(_ key: String, in language: String) -> Word? {
        for candidate in chain(language) {
            if let word = table[candidate]?[key], fits(word, key: key, language: candidate) { return word }
        }
        return nil
    }

    /// The words of `language` as a plain value, each from the first language of its chain
    /// that has it: what a page in that language shows.
    package func words(of language: String) -> Words {
        var texts: [String: String] = [:]
        for candidate in chain(language).reversed() {
            for (key, word) in table[candidate] ?? [:] where fits(word, key: key, language: candidate) {
                texts[key] = word.text
            }
        }
        return Words(language: language, texts: texts)
    }

    /// Every word any language has, sorted.
    package var keys: [String] {
        Set(table.values.flatMap(\.keys)).sorted()
    }

    /// Whether a translation has the placeholders of the word it translates (the base
    /// language's, else the fallback's), in the same order: templates fill them in that order.
    private func fits(_ word: Word, key: String, language: String) -> Bool {
        guard let reference = table[Self.baseLanguage]?[key] ?? table[fallback]?[key], language != Self.baseLanguage else {
            return true
        }
        return Words.placeholders(in: word.text) == Words.placeholders(in: reference.text)
    }

    /// Warnings for the words `languages` lack (shown in another language instead), each
    /// naming the word and the language, located at the language's words file; and for a
    /// translation whose placeholders differ from the word it translates.
    package func problems(for languages: [String]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let all = Set((table[Self.baseLanguage] ?? [:]).keys).union((table[fallback] ?? [:]).keys)
        for language in Set(languages).sorted() where language != Self.baseLanguage {
            // The languages of the chain that are this one's own (`fr-CA`, `fr`), not fallbacks.
            let chain = chain(language)
            let own = chain.filter { $0 == language || ($0 != fallback && $0 != Self.baseLanguage) }
            let later = chain.filter { !own.contains($0) }
            // Where the editor adds a missing word: the guide's words file of the language.
            let guideFile = "templates/words/\(language).yaml"
            guard let found = own.lazy.compactMap({ files[$0] }).first else {
                problems.append(.warning(
                    "the theme has no words in \(language) (no words/\(language).yaml): its pages show the words of "
                        + (later.first ?? Self.baseLanguage),
                    at: SourceLocation(path: guideFile)))
                continue
            }
            let file = found.hasPrefix("templates/") ? found : guideFile
            for key in all.sorted() {
                let written = own.compactMap { table[$0]?[key] }
                let shownIn = later.first { table[$0]?[key] != nil } ?? Self.baseLanguage
                let shown = table[shownIn]?[key]?.text ?? ""
                if let word = written.first, !fits(word, key: key, language: language) {
                    let reference = Words.placeholders(in: (table[Self.baseLanguage]?[key] ?? table[fallback]?[key])!.text)
                    problems.append(.warning(
                        "the word \"\(key)\" in \(language) must have the placeholders "
                            + reference.map { "{\($0)}" }.joined(separator: ", ")
                            + " in this order: the \(shownIn) word (\"\(shown)\") is shown instead",
                        at: word.location))
                } else if written.isEmpty {
                    problems.append(.warning(
                        "the word \"\(key)\" has no \(language) text: the \(shownIn) word (\"\(shown)\") is shown; "
                            + "add it to \(file)",
                        at: SourceLocation(path: file)))
                }
            }
        }
        return problems.sorted()
    }
}

extension YAMLNode {
    fileprivate var isCollection: Bool {
        switch value {
        case .sequence, .mapping: true
        default: false
        }
    }
}
