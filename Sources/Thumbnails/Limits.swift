/// Refusals that keep hostile or absurd inputs from exhausting memory or time.
public struct Limits: Hashable, Sendable {
    /// The most pixels a raster source may have (read from its header, before decoding), and
    /// the most an output, or the area it is cropped from, may have.
    public var maxPixels: Int = 100_000_000
    /// The largest SVG file accepted, in bytes (SVGs are parsed whole).
    public var maxSVGBytes: Int = 10_000_000
    /// The most elements an SVG may have (counted as start tags before it is parsed): librsvg
    /// takes seconds per million and renders the file once per thumbnail size. Flags and
    /// drawings have a few thousand.
    public var maxSVGElements: Int = 100_000
    /// The largest raster source file accepted, in bytes.
    public var maxSourceBytes: Int = 250_000_000

    public init() {}
}
