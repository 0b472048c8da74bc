/// What `Thumbnailer.make` will produce for a request, known before any pixel is decoded.
public struct ThumbnailPlan: Hashable, Sendable {
    public var request: ThumbnailRequest
    /// The source size as displayed (after EXIF rotation; an SVG's size at 1 px per user unit).
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// The outputs in increasing scale; `images[0]` is the smallest scale asked for and always present.
    /// A higher scale the source cannot make any larger than a lower one (without upscaling) is
    /// left out; one it can make partly larger is kept at the size the source allows.
    public var images: [PlannedImage]
    /// True when some scale is smaller than asked because the source is too small to reach it
    /// without upscaling.
    public var limitedBySource: Bool

    /// SHA-256 of the source bytes the plan was made from (64 hex digits).
    public internal(set) var sourceDigest: String

    /// A plan as `Thumbnailer.plan` made it, read back from a caller's own records (the site
    /// build keeps plans across runs, keyed by the source file's identity, to skip hashing
    /// unchanged sources). `make` checks `sourceDigest` against the file before encoding.
    public init(
        request: ThumbnailRequest, sourceWidth: Int, sourceHeight: Int, images: [PlannedImage],
        limitedBySource: Bool, sourceDigest: String
    ) {
        self.request = request
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.images = images
        self.limitedBySource = limitedBySource
        self.sourceDigest = sourceDigest
    }
}
