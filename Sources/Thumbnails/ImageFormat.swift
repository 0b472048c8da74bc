/// An image encoding. SVG is accepted only as a source; thumbnails are raster.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png, jpeg, webp, avif, svg

    /// The file name extension of an output in this format.
    var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .avif: "avif"
        case .svg: "svg"
        }
    }
}
