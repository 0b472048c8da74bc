import Foundation

/// One picture to make thumbnails of.
public struct ThumbnailRequest: Hashable, Sendable {
    /// The source picture: JPEG, PNG, WebP or SVG (`.svg`).
    public var source: URL
    public var spec: ThumbnailSpec
    /// The start of the output file names, such as "france" for `france.3fa9c1d2.png`.
    public var stem: String

    public init(source: URL, spec: ThumbnailSpec, stem: String) {
        self.source = source
        self.spec = spec
        self.stem = stem
    }
}
