import Foundation
import Diagnostics

/// The theme built into gazetteer (the repository's `templates/` at build time).
package enum DefaultTheme {
    /// The folder of the edit mode's own files (`templates/edit/`): built in beside the theme
    /// but no part of it: never unpacked, copied into a site or written out by `theme eject`,
    /// and a guide's `templates/edit/` does not replace them (see `editFile`).
    package static let editFolder = "edit/"

    /// Every file of the theme: path relative to the theme folder, and its bytes.
    package static var files: [(path: String, data: Data)] {
        DefaultThemeFiles.files.filter { !$0.path.hasPrefix(editFolder) }
            .map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) }
    }

    /// The bytes of one of the edit mode's files, by its name in `templates/edit/`
    /// (`edit.js`), as built in.
    package static func editFile(_ name: String) -> [UInt8]? {
        let path = editFolder + name
        return DefaultThemeFiles.files.first { $0.path == path }.flatMap { Data(base64Encoded: $0.base64) }.map { [UInt8]($0) }
    }
}
