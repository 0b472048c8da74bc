/// A template problem at a place in a template file, printed
/// `templates/country.mustache:12:5: unclosed section "cities"`.
/// Line and column are 1-based; the column counts Unicode scalars.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
