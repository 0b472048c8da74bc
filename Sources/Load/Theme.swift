import Foundation
import Mustache
import Diagnostics

/// A theme: its templates, parsed by the render stage, and the files copied or
/// thumbnailed from its folders. The guide's `templates/` overrides the built-in theme file
/// by file: a template, a partial, an asset or a placeholder the guide has is its own, every
/// other file comes from the built-in theme.
package struct Theme: Sendable {
    /// The folder whose changes change the theme: the guide's `templates/` when it has one,
    /// else the extracted built-in theme (which never changes).
    package var directory: URL
    /// How messages name the folder (`templates` or `(default theme)`).
    package var displayName: String
    package var templates: [TemplateSource]
    /// Paths under `assets/`, relative to the theme folder, sorted.
    package var assets: [String]
    /// Where each file of the theme is read from, by its path in the theme.
    package var files: [String: URL] = [:]
    /// The words files (`words/<language>.yaml`) of the built-in theme, then the guide's, each
    /// named as messages show it: the words the theme's pages show, a table per language,
    /// that the render stage reads (`ThemeWords`). A guide's file names only the words it
    /// adds or changes; the others are the built-in theme's.
    package var words: [SourceFile] = []

    /// The language of a words file (`fr` for `words/fr.yaml`), nil for any other file.
    package static func wordsLanguage(ofPath path: String) -> String? {
        guard path.hasPrefix("words/"), path.hasSuffix(".yaml") else { return nil }
        let language = path.dropFirst("words/".count).dropLast(".yaml".count)
        guard !language.isEmpty, !language.contains("/") else { return nil }
        return String(language)
    }

    /// The file at `path` in the theme (the guide's own, or the built-in theme's).
    package func url(of path: String) -> URL { files[path] ?? directory.appending(path: path) }

    package var cityPlaceholder: URL { url(of: "placeholders/city.svg") }
    package var flagPlaceholder: URL { url(of: "placeholders/flag.svg") }
}
