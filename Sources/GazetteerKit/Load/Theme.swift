import Foundation
import Mustache

/// A theme: its templates, parsed by the render stage, and the files copied or
/// thumbnailed from its folder.
struct Theme: Sendable {
    /// The theme folder: the site's `templates/` or the extracted default theme.
    var directory: URL
    /// How messages name the folder (`templates` or `(default theme)`).
    var displayName: String
    var templates: [TemplateSource]
    /// Paths under `assets/`, relative to the theme folder, sorted.
    var assets: [String]

    var cityPlaceholder: URL { directory.appending(path: "placeholders/city.svg") }
    var flagPlaceholder: URL { directory.appending(path: "placeholders/flag.svg") }
}
