/// A 1-based line and column (in Unicode scalars) of a tag in its template.
struct SourcePosition: Sendable, Equatable {
    var line: Int
    var column: Int

    func error(_ message: String, in path: String) -> MustacheError {
        MustacheError(path: path, line: line, column: column, message: message)
    }
}
