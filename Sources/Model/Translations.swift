import Foundation
import Locking
import Diagnostics
import Load
import FrontMatter

/// The translations of a guide in several languages: `france.fr.md` beside `france.md` is
/// its French text (the same slug; the file name says the language). A translation may
/// translate any text of the front matter and the body; what it leaves out is the default
/// language's entry's (`ContentEntry.translated(by:)`).
package enum Translations {
    /// The front matter keys a translation may give: the texts. The others (a city's
    /// `country`, `position`, a country's `continents`, `flag`, `iso`...) are the entry's
    /// in every language.
    package static let translatableKeys: Set<String> = [
        "name", "official_name", "capital", "motto", "aliases", "title", "flag_caption", "picture_caption",
    ]

    /// A translation whose language the settings do not name, of the default language, or of
    /// an entry that does not exist: located at the file, with a suggestion.
    package static func problems(_ files: [SiteLoader.ScannedFile], config: SiteConfig) -> [Diagnostic] {
        let translations = files.filter { $0.language != nil }
        guard !translations.isEmpty else { return [] }
        let codes = config.languages.map(\.code)
        let defaultCode = codes.first ?? config.language
        let entries = Set(files.filter { $0.language == nil }.map(\.path))
        var problems: [Diagnostic] = []
        for file in translations {
            let code = file.language!
            let at = SourceLocation(path: file.path, line: 1, column: 1)
            let others = codes.dropFirst()
            if code == defaultCode {
                let entry = ContentKind.untranslated(file.path)
                problems.append(Diagnostic(
                    "\(code) is the guide's default language: its text is \((entry as NSString).lastPathComponent) itself, not a translation "
                        + "(rename this file to \((entry as NSString).lastPathComponent), or put another language first in languages:)",
                    at: at))
            } else if !others.contains(code) {
                let known = others.isEmpty
                    ? "the guide has one language (add languages: to gazetteer.yaml, the default first, to give it more)"
                    : "the guide's other languages are " + others.joined(separator: ", ")
                        + NameSuggestion.hint(for: code, in: Array(others))
                problems.append(Diagnostic(
                    "this file's name says it is a translation into \"\(code)\", which is not a language of the guide: \(known)",
                    at: at))
            } else if !entries.contains(ContentKind.untranslated(file.path)) {
                let folder = (file.path as NSString).deletingLastPathComponent + "/"
                let slugs = files.filter { $0.language == nil && $0.kind == file.kind }.map(\.slug)
                let hint = NameSuggestion.closest(to: file.slug, in: slugs).map {
                    " (did you mean \($0).\(code).md, the translation of \(folder)\($0).md?)"
                } ?? ""
                problems.append(Diagnostic(
                    "this is a translation of \(folder)\(file.slug).md, which does not exist: a translation sits beside its entry, "
                        + "with the same name and the language before .md" + hint,
                    at: at))
            }
        }
        return problems
    }
}

extension Translations {
    /// The entries as the language `language` shows them (every entry of `entries`, the
    /// default language's, with its translation laid over it when it has one), and the paths
    /// of the translations there are.
    /// A country whose translation gives no name (or that has none) is named in `language`
    /// by CLDR, from its ISO code, when its names are that code's (see `RegionNames`); `base`
    /// is the default language, whose names those are.
    package static func entries(_ entries: [ContentEntry], in language: LanguageSetting, base: String = "en")
        -> (entries: [ContentEntry], translated: Set<String>)
    {
        var own: [String: ContentEntry] = [:]
        var defaults: [ContentEntry] = []
        defaults.reserveCapacity(entries.count)
        for entry in entries {
            switch entry.language {
            case nil: defaults.append(entry)
            // `france.fr.md` -> `france.md`, the language known.
            case language.code?: own[String(entry.path.utf8.dropLast(language.code.utf8.count + 4))! + ".md"] = entry
            default: break
            }
        }
        // Spread across the cores: about 4 µs an entry, 40 µs a country (its name in CLDR).
        let (translations, shownFrom) = (own, defaults)
        let shown = Parallel.map(shownFrom.count, chunk: 256) {
            shownFrom[$0].translated(by: translations[shownFrom[$0].path], into: language.code, base: base)
        }
        return (shown, Set(own.values.map(\.path)))
    }
}
