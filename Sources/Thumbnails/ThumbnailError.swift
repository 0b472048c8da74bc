/// Why a picture could not be planned or made, naming the file at fault.
public struct ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source picture (or the cache folder) the error is about.
    public var path: String
    public var message: String
    /// True when the cache could not be written (the disk is full, the folder read-only):
    /// nothing is wrong with the picture.
    public var isStorage: Bool

    public init(path: String, message: String, isStorage: Bool = false) {
        self.path = path
        self.message = message
        self.isStorage = isStorage
    }

    public var description: String { "\(path): \(message)" }
}
