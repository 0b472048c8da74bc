import Mustache

/// The words of one language, each already taken from the first language of its fallback
/// chain that has it (`ThemeWords.words(of:)`): a plain value, what a page in that language
/// shows. A word may hold placeholders (`Cities of {name}`), filled by `filled` in Swift or
/// around the values a template writes (see `templateValue`).
package struct Words: Sendable, Equatable {
    package var language: String
    package let texts: [String: String]
    /// Each word cut into text and placeholders, once (`filled` runs for each nearby city of
    /// each page).
    private let parsed: [String: [(text: String, placeholder: String?)]]

    package init(language: String, texts: [String: String]) {
        self.language = language
        self.texts = texts
        parsed = Self.parsed(texts)
    }

    package static func == (a: Words, b: Words) -> Bool { a.language == b.language && a.texts == b.texts }

    private static func parsed(_ texts: [String: String]) -> [String: [(text: String, placeholder: String?)]] {
        texts.mapValues { parts(of: $0) }
    }

    package subscript(_ key: String) -> String? { texts[key] }

    /// The word `key` with each `{placeholder}` replaced by its value in `values`
    /// (`filled("flag_alt", ["name": "Japan"])` is "Flag of Japan"); nil without the word.
    package func filled(_ key: String, _ values: [String: String]) -> String? {
        parsed[key].map { parts in
            parts.map { part in part.placeholder.flatMap { values[$0] } ?? part.text }.joined()
        }
    }

    /// The words whose names start with `prefix`, named without it (edit mode's, `edit_*`).
    package func prefixed(_ prefix: String) -> [String: String] {
        var words: [String: String] = [:]
        for (key, text) in texts where key.hasPrefix(prefix) { words[String(key.dropFirst(prefix.count))] = text }
        return words
    }

    /// The placeholders of `text`, in order (`["current", "total"]` for `Page {current} of {total}`).
    package static func placeholders(in text: String) -> [String] {
        parts(of: text).compactMap(\.placeholder)
    }

    /// A word as templates see it: its text when it has no placeholder, else an object of the
    /// texts around them, `before` (up to the first) and `after_<placeholder>` (from each to
    /// the next): `Page {current} of {total}` is `{{before}}{{current}}{{after_current}}{{total}}{{after_total}}`.
    package static func templateValue(_ text: String) -> MustacheValue {
        let parts = parts(of: text)
        guard parts.contains(where: { $0.placeholder != nil }) else { return .string(text) }
        var value: [String: MustacheValue] = [:]
        var key = "before"
        var pending = ""
        for part in parts {
            if let placeholder = part.placeholder {
                value[key] = .string(pending)
                key = "after_" + placeholder
                pending = ""
            } else {
                pending += part.text
            }
        }
        value[key] = .string(pending)
        return .object(value)
    }

    /// `text` cut into plain text and placeholders: `{` and a name of lower-case letters,
    /// digits and `_`, then `}`. Any other brace is text.
    private static func parts(of text: String) -> [(text: String, placeholder: String?)] {
        var parts: [(text: String, placeholder: String?)] = []
        var plain = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            plain += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), close > after.startIndex,
               after[..<close].allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }) {
                if !plain.isEmpty { parts.append((plain, nil)) }
                plain = ""
                parts.append(("{" + after[..<close] + "}", String(after[..<close])))
                rest = after[after.index(after: close)...]
            } else {
                plain += "{"
                rest = after
            }
        }
        plain += rest
        if !plain.isEmpty { parts.append((plain, nil)) }
        return parts
    }
}

/// `words` as templates see it: looking a word up records it (`Dependency.word`), so that a
/// page is rendered again when a word it shows changes, and only then. A word no language
/// has is missing, an error in strict mode like any other name.
package struct WordsValue: MustacheObject {
    package var words: Words
    package var scope: PageScope
    /// Each word as templates see it (`Words.templateValue`), made once per language.
    package var values: [String: MustacheValue]

    package init(words: Words, scope: PageScope, values: [String: MustacheValue]? = nil) {
        self.words = words
        self.scope = scope
        self.values = values ?? Self.values(of: words)
    }

    package static func values(of words: Words) -> [String: MustacheValue] {
        words.texts.mapValues(Words.templateValue)
    }

    package func value(forKey key: String) -> MustacheValue? {
        scope.read(.word(key, in: words.language))
        return values[key]
    }

    package var label: String? { "the theme's words (words/\(words.language).yaml)" }
}
