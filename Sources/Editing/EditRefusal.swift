/// Why an edit was not made, in plain words for the editor; nothing is to be written then.
public struct EditRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The front matter key the refusal concerns, nil when it concerns the whole file.
    public var key: String?
    public var message: String

    public init(key: String? = nil, _ message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { message }
}
