/// One output file of a plan, with its exact pixel size.
public struct PlannedImage: Hashable, Sendable {
    /// The pixel density: 1 for 1x, 2 for 2x.
    public var scale: Int
    /// `stem.<8 hex digits>.<ext>`, such as "france.3fa9c1d2.png"; the digits change whenever the
    /// source bytes, the spec or the encoder change.
    public var fileName: String
    public var width: Int
    public var height: Int

    public init(scale: Int, fileName: String, width: Int, height: Int) {
        self.scale = scale
        self.fileName = fileName
        self.width = width
        self.height = height
    }
}
