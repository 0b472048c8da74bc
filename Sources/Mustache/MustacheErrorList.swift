/// Every parse error of every template of a library, in template order then source order.
public struct MustacheErrorList: Error, Sendable, CustomStringConvertible {
    public var errors: [MustacheError]

    public init(_ errors: [MustacheError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
