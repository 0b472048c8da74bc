/// Why a picture could not be planned or made, naming the file at fault.
public struct ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source picture (or the cache folder) the error is about.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
