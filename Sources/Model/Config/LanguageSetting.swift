import Diagnostics
import FrontMatter

/// One language of a guide in several (`languages:` in `gazetteer.yaml`; the first is the
/// default, at today's paths; every other one under its code: `fr/countries/france.html`).
package struct LanguageSetting: Sendable, Hashable {
    /// A BCP 47 tag as written (`fr`, `pt-BR`, `zh-Hant`).
    package var code: String
    /// Its name in its own language (`Français`), for the language switcher.
    package var name: String
    /// The guide's title in this language (the default language's title when not set).
    package var title: String?
    /// Whether the language is written right to left (`dir="rtl"`): Arabic, Hebrew, Persian,
    /// Urdu... by its code or script, unless `dir:` says otherwise.
    package var rightToLeft: Bool

    package init(code: String, name: String, title: String? = nil, rightToLeft: Bool? = nil) {
        self.code = code
        self.name = name
        self.title = title
        self.rightToLeft = rightToLeft ?? Self.isRightToLeft(code)
    }

    /// The folder of its pages in the output (`fr/`); the default language's is "".
    package var folder: String { code + "/" }

    /// Languages written right to left, by their first subtag, and the scripts that are.
    private static let rtlLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "khw", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"]
    private static let rtlScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"]

    package static func isRightToLeft(_ code: String) -> Bool {
        let parts = code.lowercased().split(separator: "-").map(String.init)
        guard let first = parts.first else { return false }
        if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rtlScripts.contains(script)
        }
        return rtlLanguages.contains(first)
    }

    /// Whether `code` is a well-formed BCP 47 language tag (RFC 5646: a language of 2-3 or
    /// 5-8 letters, then optionally a script of 4 letters, a region of 2 letters or 3 digits,
    /// and variants), as `fr`, `pt-BR`, `zh-Hant-TW`, `de-CH-1996`.
    package static func isWellFormed(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func letters(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } }
        func digits(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        func alnum(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) } }
        guard let first = parts.first, letters(first), [2, 3, 5, 6, 7, 8].contains(first.count) else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, letters(script) { rest = rest.dropFirst() }
        if let region = rest.first, (region.count == 2 && letters(region)) || (region.count == 3 && digits(region)) { rest = rest.dropFirst() }
        for variant in rest {
            let ok = ((5...8).contains(variant.count) && alnum(variant))
                || (variant.count == 4 && digits(String(variant.prefix(1))) && alnum(variant))
            if !ok { return false }
        }
        return true
    }
}

extension SiteConfig {
    /// `languages:`: a list of `{code, name, title, dir}`.
    static func parseLanguages(_ node: YAMLNode, errors: inout [Diagnostic]) -> [LanguageSetting]? {
        guard case .sequence(let items) = node.value, !items.isEmpty else {
            errors.append(Diagnostic("languages must be a list of {code, name}, the default language first", at: node.location))
            return nil
        }
        var result: [LanguageSetting] = []
        var failed = false
        for item in items {
            guard case .mapping(let entries) = item.value else {
                errors.append(Diagnostic("each language needs a code and a name, such as {code: fr, name: Français}", at: item.location))
                failed = true
                continue
            }
            var code: String?, name: String?, title: String?, rtl: Bool?
            var codeLocation = item.location
            for entry in entries {
                switch entry.key {
                case "code":
                    code = entry.value.stringValue(into: &errors, what: "code")
                    codeLocation = entry.value.location
                case "name": name = entry.value.stringValue(into: &errors, what: "name")
                case "title": title = entry.value.stringValue(into: &errors, what: "title")
                case "dir":
                    switch entry.value.text {
                    case "rtl": rtl = true
                    case "ltr": rtl = false
                    default: errors.append(Diagnostic("dir must be ltr or rtl", at: entry.value.location))
                    }
                default:
                    errors.append(Diagnostic(
                        "unknown language setting \"\(entry.key)\"" + NameSuggestion.hint(for: entry.key, in: ["code", "name", "title", "dir"]),
                        at: entry.keyLocation))
                }
            }
            guard let code else {
                errors.append(Diagnostic("a language needs a code (a BCP 47 tag such as fr or pt-BR)", at: item.location))
                failed = true
                continue
            }
            guard LanguageSetting.isWellFormed(code) else {
                errors.append(Diagnostic(
                    "\"\(code)\" is not a language code: write a BCP 47 tag such as fr, de, pt-BR or zh-Hant", at: codeLocation))
                failed = true
                continue
            }
            if let first = result.first(where: { $0.code.lowercased() == code.lowercased() }) {
                errors.append(Diagnostic("language \"\(code)\" is listed twice (as \"\(first.code)\" above)", at: codeLocation))
                failed = true
                continue
            }
            guard let name else {
                errors.append(Diagnostic("language \"\(code)\" needs a name, in its own language (name: Français)", at: item.location))
                failed = true
                continue
            }
            result.append(LanguageSetting(code: code, name: name, title: title, rightToLeft: rtl))
        }
        return failed ? nil : result
    }
}
