/// Output sizes, computed the same way by `plan` (to promise them) and by `make` (to produce
/// them), so that planned sizes are the real ones.
enum ThumbnailGeometry {
    /// The output size for a box (already multiplied by the scale), and whether the source was
    /// too small to reach it without upscaling.
    static func output(
        source: PixelSize, box: PixelSize, mode: ThumbnailMode, vector: Bool, allowUpscale: Bool
    ) -> (size: PixelSize, limited: Bool) {
        let mayEnlarge = vector || allowUpscale
        switch mode {
        case .fit:
            let factor = min(Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
            if factor > 1 && !mayEnlarge { return (source, true) }
            return (PixelSize(
                width: clamp(rounded(Double(source.width) * factor), to: box.width),
                height: clamp(rounded(Double(source.height) * factor), to: box.height)), false)
        case .fill:
            if mayEnlarge || (source.width >= box.width && source.height >= box.height) { return (box, false) }
            // The largest box-shaped area the source holds, at 1:1.
            let factor = min(Double(source.width) / Double(box.width), Double(source.height) / Double(box.height))
            return (PixelSize(
                width: clamp(rounded(Double(box.width) * factor), to: source.width),
                height: clamp(rounded(Double(box.height) * factor), to: source.height)), true)
        }
    }

    /// The size the source is resampled to before cropping to `output`: `output` itself for
    /// fit, the smallest same-shape size covering it for fill.
    static func resampled(source: PixelSize, output: PixelSize, mode: ThumbnailMode) -> PixelSize {
        switch mode {
        case .fit:
            return output
        case .fill:
            let factor = max(Double(output.width) / Double(source.width), Double(output.height) / Double(source.height))
            return PixelSize(
                width: max(output.width, rounded(Double(source.width) * factor)),
                height: max(output.height, rounded(Double(source.height) * factor)))
        }
    }

    /// The sizes for every scale of `spec`, smallest first. Each scale is exactly `scale` times
    /// the 1x size (so the candidates of a srcset line up pixel for pixel) when the source is
    /// large enough; otherwise it is as large as the source allows, and a scale that comes out
    /// no larger than the one before it is left out.
    static func plan(
        source: PixelSize, spec: ThumbnailSpec, vector: Bool
    ) -> (sizes: [(scale: Int, size: PixelSize)], limited: Bool) {
        let box = PixelSize(width: spec.width, height: spec.height)
        let mayEnlarge = vector || spec.allowUpscale
        // The 1x size the box asks for, whether or not the source can give it.
        let unit = output(source: source, box: box, mode: spec.mode, vector: true, allowUpscale: true).size
        var sizes: [(scale: Int, size: PixelSize)] = []
        var limited = false
        for scale in Set(spec.scales).sorted() {
            var size = unit.scaled(by: scale)
            if !mayEnlarge && (size.width > source.width || size.height > source.height) {
                let (reachable, short) = output(
                    source: source, box: box.scaled(by: scale), mode: spec.mode, vector: false, allowUpscale: false)
                size = reachable
                limited = limited || short
            }
            if let last = sizes.last, last.size == size { continue }
            sizes.append((scale, size))
        }
        return (sizes, limited)
    }

    private static func rounded(_ value: Double) -> Int {
        value >= Double(Int.max) ? Int.max : Int(value.rounded())
    }

    private static func clamp(_ value: Int, to limit: Int) -> Int { max(1, min(limit, value)) }
}
