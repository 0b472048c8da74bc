/// What to make of a picture: a box, how to fit the picture to it, the encoding and the
/// pixel densities (1x, 2x...).
public struct ThumbnailSpec: Hashable, Sendable {
    /// The box in CSS pixels (the 1x output size at most).
    public var width: Int
    public var height: Int
    public var mode: ThumbnailMode
    /// The output encoding; nil lets the picture decide (`SourceFormat.automaticOutput`): palette
    /// PNG of adaptive colours for drawings, PNG for pictures with transparency, JPEG for opaque photos.
    public var format: ImageFormat?
    /// Pixel densities to make, each a whole number from 1 to 8.
    public var scales: [Int]
    /// Whether a raster source smaller than the box may be enlarged. SVG sources are vector and
    /// always render at the size needed.
    public var allowUpscale: Bool

    public init(
        width: Int, height: Int, mode: ThumbnailMode, format: ImageFormat? = nil,
        scales: [Int] = [1, 2], allowUpscale: Bool = false
    ) {
        self.width = width
        self.height = height
        self.mode = mode
        self.format = format
        self.scales = scales
        self.allowUpscale = allowUpscale
    }
}
