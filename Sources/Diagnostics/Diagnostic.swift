/// One problem found in the user's site, located in a file. A build collects every
/// diagnostic it finds and reports them together, printed `path:line:col: message`.
public struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// Something merely odd (a file nothing uses): printed, but the build goes on unless
    /// `--strict` is given.
    public var isWarning = false

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        var diagnostic = Diagnostic(message, at: location)
        diagnostic.isWarning = true
        return diagnostic
    }

    public var description: String { "\(location): \(isWarning ? "warning: " : "")\(message)" }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.location, a.message) < (b.location, b.message)
    }
}

/// Several diagnostics thrown at once: a stage that finds many problems reports them all.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
