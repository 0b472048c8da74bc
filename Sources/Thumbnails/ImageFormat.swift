/// An image encoding. SVG is accepted only as a source; thumbnails are raster.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// Truecolour PNG (lossless).
    case png
    /// PNG of at most 256 colours: exactly the picture's own colours when it has no more,
    /// else reduced to at most 256 by a median cut. For drawings such as flags.
    case pngPalette = "png-palette"
    case jpeg
    /// Lossy WebP.
    case webp
    case webpLossless = "webp-lossless"
    case avif
    case svg

    /// The file name extension of an output in this format.
    var fileExtension: String {
        switch self {
        case .png, .pngPalette: "png"
        case .jpeg: "jpg"
        case .webp, .webpLossless: "webp"
        case .avif: "avif"
        case .svg: "svg"
        }
    }
}
