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

    /// The file at `path` in the theme (the guide's own, or the built-in theme's).
    package func url(of path: String) -> URL { files[path] ?? directory.appending(path: path) }

    package var cityPlaceholder: URL { url(of: "placeholders/city.svg") }
    package var flagPlaceholder: URL { url(of: "placeholders/flag.svg") }
}
