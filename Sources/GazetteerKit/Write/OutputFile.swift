import Foundation

/// A file of the output: its site-relative path and its bytes.
struct OutputFile: Sendable, Hashable {
    var path: String
    var contents: Data
}
