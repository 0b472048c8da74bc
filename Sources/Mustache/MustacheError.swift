/// A template problem at a place in a template file, printed
/// `templates/country.mustache:12:5: unclosed section "cities"`.
/// Line and column are 1-based; the column counts Unicode scalars.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    /// For a name that resolves to nothing or to what cannot be written, the `label` of the
    /// object it was looked up in (for `country.extra.population`, the country's; for a name
    /// found nowhere, the innermost labelled object of the context): the same tag of the same
    /// template can fail for one object and not another. Not part of `description`.
    public var subject: String?

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
