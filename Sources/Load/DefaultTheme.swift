import Foundation
import Diagnostics

/// The theme built into gazetteer (the repository's `templates/` at build time).
package enum DefaultTheme {
    /// Every file of the theme: path relative to the theme folder, and its bytes.
    package static var files: [(path: String, data: Data)] {
        DefaultThemeFiles.files.map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) }
    }
}
