import Foundation
import Mustache
import Diagnostics

/// A theme: its templates, parsed by the render stage, and the files copied or
/// thumbnailed from its folder.
package struct Theme: Sendable {
    /// The theme folder: the site's `templates/` or the extracted default theme.
    package var directory: URL
    /// How messages name the folder (`templates` or `(default theme)`).
    package var displayName: String
    package var templates: [TemplateSource]
    /// Paths under `assets/`, relative to the theme folder, sorted.
    package var assets: [String]

    package var cityPlaceholder: URL { directory.appending(path: "placeholders/city.svg") }
    package var flagPlaceholder: URL { directory.appending(path: "placeholders/flag.svg") }
}
