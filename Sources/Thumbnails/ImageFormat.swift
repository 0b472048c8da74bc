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
    /// PNG of at most 256 colours: the coarsest of a few median cuts of the picture's colours
    /// whose SSIM against the picture is still at least 0.993 (thumbnails up to 40,000 pixels),
    /// else the colours `pngPalette` keeps if they are, else truecolour; larger thumbnails as
    /// `pngPalette`. The default for drawings such as flags.
    case pngAdaptive = "png-adaptive"
    /// The colours of `pngAdaptive` as lossless WebP: a fifth smaller again, about twice the
    /// time to write.
    case webpAdaptive = "webp-adaptive"
    case avif
    case svg

    /// The file name extension of an output in this format.
    var fileExtension: String {
        switch self {
        case .png, .pngPalette, .pngAdaptive: "png"
        case .jpeg: "jpg"
        case .webp, .webpLossless, .webpAdaptive: "webp"
        case .avif: "avif"
        case .svg: "svg"
        }
    }
}
