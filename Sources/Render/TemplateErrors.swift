import Foundation
import Mustache
import Diagnostics
import Locking

/// The template errors of one rendering, each once however many pages hit it, with the
/// content files the failing value was looked up in: a tag such as `{{extra.population}}`
/// fails only for the entries whose front matter lacks the field, and the message names them
/// (`content/cities/lima.md and 2 more lack it`), not only the template line.
final class TemplateErrors: Sendable {
    private let subjects = Locked<[Diagnostic: Set<String>]>([:])

    /// How many of the files are named; the others are counted.
    static let named = 3

    func add(_ error: MustacheError) {
        let diagnostic = Diagnostic(error.message, at: SourceLocation(path: error.path, line: error.line, column: error.column))
        subjects.withLock { $0[diagnostic, default: []].formUnion(error.subject.map { [$0] } ?? []) }
    }

    var diagnostics: [Diagnostic] {
        subjects.value.map { diagnostic, files in
            var diagnostic = diagnostic
            diagnostic.message += Self.naming(files.sorted(), missing: diagnostic.message.hasPrefix("unknown key"))
            return diagnostic
        }.sorted()
    }

    /// ` (content/cities/lima.md and content/cities/osaka.md lack it)`, ` (for content/cities/lima.md, … and 4 more)`, or "".
    static func naming(_ files: [String], missing: Bool) -> String {
        guard !files.isEmpty else { return "" }
        let shown = Array(files.prefix(named))
        let more = files.count - shown.count
        let list = more > 0
            ? shown.joined(separator: ", ") + " and \(more) more"
            : shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        guard missing else { return " (for \(list))" }
        return " (\(list) \(files.count == 1 ? "lacks" : "lack") it)"
    }
}
