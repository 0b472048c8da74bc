import Foundation
import CVipsShim

/// Everything that touches libvips, through the CVipsShim wrappers, and the shim's direct
/// path for plain JPEG photos (libjpeg and a resampler of our own, `renderDirect`); the rest
/// of the module sees only Swift values. The only file importing CVipsShim.
///
/// libvips runs with its operation cache off and one worker thread per pipeline; parallelism
/// comes from running many jobs at once. Its error buffer is process-wide, so jobs run under
/// the shared side of a guard and a failed job is run again alone under the exclusive side,
/// where the error buffer and the GLib warnings logged meanwhile are its own.
enum Vips {
    /// A libvips failure (or a refusal found while running libvips).
    struct Failure: Error {
        var message: String
        /// Whether running the job alone may give a truer message (libvips failures do).
        var retry: Bool
    }

    /// The shim prepared (malloc tuned, the guard, the log capture), once per process.
    static let started: Bool = { gz_prepare(); return true }()

    /// libvips started, once per process, at its first use (`guarded`; the drawing path's
    /// libvips savers start it themselves): its start-up costs about 20 ms that a guide of SVG
    /// flags and plain JPEG photos never needs.
    static let libraryStarted: Bool = gz_init() == 0

    /// The libvips version, part of the cache key.
    static let version: String = String(cString: gz_vips_version())

    /// Encoder settings, part of the cache key: change this when outputs would change.
    static let encoderSettings = "libvips thumbnail_image (lanczos3; one scale and the middle for a centre fill) with a factor of 2 or more left after shrink-on-load, box-shrunk attention probe, every output from the decoded picture; jpeg q82; webp q80; avif q55; png z6; webp lossless; palette png: exact to 256 colours, else median cut to mse 7 (opacity judged on the picture's colours), libdeflate 6 to 40000 pixels, else runs and rows above in one huffman block; "
        + "adaptive palette (png, webp) to 40000 pixels: over 256 colours truecolour unless the mse 7 cut keeps ssim 0.993, then coarsest median cut of mse 40, 20, 10 with ssim 0.993 (7x7 uniform, over white), else exact to 256 colours, else the mse 7 cut if it keeps 0.993, else truecolour (png z6, webp lossless); webp: libwebp lossless method 1 quality 25; "
        + "svg: librsvg and cairo once at the reference size (own, finite, halved to 1 MP), area-averaged (from its halves down to 1.5 times the size) where a half or less, else at the size; 1x a 2x2 average; "
        + "opaque alpha dropped; decoded once per source and load, jpeg and webp at each output's shrink; cmyk to srgb by vips_colourspace; "
        + "plain jpeg direct: \(String(cString: gz_direct_version())), planes as stored (raw y cb cr in, 4:2:0 out), libvips 8.14 thumbnail's pixel centres, lanczos3 from the plane or its 2x2 halvings leaving a shrink of 1.9, one decode keeping 1280 px; float aan fdct, huffman tables optimal for the coefficients, chroma tables at quality + 5"

    private static func quality(_ format: ImageFormat) -> Int32 {
        switch format {
        case .jpeg: 82
        case .webp: 80
        case .avif: 55
        case .png, .pngPalette, .pngAdaptive, .webpLossless, .webpAdaptive, .svg: 0
        }
    }

    /// Returns memory freed earlier in the process to the system.
    static func releaseFreeMemory() { gz_release_free_memory() }

    // MARK: Header

    /// A source's size as stored (before EXIF rotation) and its EXIF orientation (1...8).
    struct Header {
        var size: PixelSize
        var orientation: Int
        var hasAlpha = false
        var bands = 3
        /// A PNG stored with a palette.
        var isPalette = false

        /// The size as displayed.
        var orientedSize: PixelSize { (5...8).contains(orientation) ? size.transposed : size }
    }

    /// Reads the header of `bytes` (no pixels are decoded). An SVG is measured at scale 1.
    static func header(of bytes: [UInt8], format: SourceFormat) throws(Failure) -> Header {
        // An SVG that gives its size on its root element is measured from its prologue and that
        // start tag alone (the drawing path parses it whole once, when its thumbnails are made);
        // any other goes to libvips' loader, which parses all of it and words any failure.
        if format == .svg, let size = try svgSize(bytes) {
            return Header(size: size, orientation: 1, hasAlpha: true, bands: 4, isPalette: false)
        }
        // A plain JPEG (what the direct path takes) is measured by libjpeg: libvips, which a
        // guide of such photos and SVG flags then never loads, would read the same header.
        if format == .jpeg {
            var width: Int32 = 0, height: Int32 = 0, bands: Int32 = 0, orientation: Int32 = 0
            let status = bytes.withUnsafeBytes { raw in gz_direct_header(raw.baseAddress, raw.count, &width, &height, &bands, &orientation) }
            if status == 0 {
                return Header(size: PixelSize(width: Int(width), height: Int(height)), orientation: Int(orientation),
                              hasAlpha: false, bands: Int(bands), isPalette: false)
            }
        }
        return try guarded { () throws(Failure) -> Header in
            try withBytes(bytes) { raw throws(Failure) -> Header in
                let image = try load(raw, format, shrink: 1, svgScale: 1, sequential: true)
                return Header(
                    size: image.size, orientation: format == .svg ? 1 : Int(gz_orientation(image.pointer)),
                    hasAlpha: gz_has_alpha(image.pointer) != 0, bands: Int(gz_bands(image.pointer)),
                    isPalette: gz_is_palette(image.pointer) != 0)
            }
        }
    }

    // MARK: Rendering

    /// One file to write.
    struct Output {
        var size: PixelSize
        var format: ImageFormat
        var path: String
    }

    /// How to turn a source into thumbnails.
    struct Recipe {
        var format: SourceFormat
        /// The source size as displayed, as planned.
        var source: PixelSize
        var mode: ThumbnailMode
        /// The largest output of the plan: it sets how far the decoder may shrink (and the SVG
        /// scale), so every output of the plan is resampled from one decode.
        var largest: PixelSize
        /// The files to write (any of the plan's sizes).
        var outputs: [Output]
    }

    /// Writes every output of `recipes` (all of one source), decoding the source once for all
    /// the recipes that load it the same way (same DCT shrink or SVG scale; a source over
    /// `sharedDecodePixels` once per recipe).
    static func render(_ bytes: [UInt8], _ recipes: [Recipe]) throws(Failure) {
        try guarded { () throws(Failure) in
            try withBytes(bytes) { raw throws(Failure) in try render(raw, recipes) }
        }
    }

    /// How a recipe loads its source: a function of the source and the recipe alone, so that an
    /// output is the same whichever other outputs are made with it (a build making one missing
    /// thumbnail gives the bytes a cold build gives).
    private struct Load: Hashable {
        var shrink = 1
        var svgScale = 1.0
    }

    /// Sources up to this many pixels (as loaded) are decoded into memory once and every recipe
    /// loading them alike resamples that copy; larger ones stream through the resampler, one
    /// decode per recipe, so that a huge picture is never held whole.
    static let sharedDecodePixels = 4_000_000

    private static func load(for recipe: Recipe) throws(Failure) -> Load {
        let planned = ThumbnailGeometry.resampled(source: recipe.source, output: recipe.largest, mode: recipe.mode)
        var load = Load()
        switch recipe.format {
        case .svg:
            let widthFactor = Double(planned.width) / Double(recipe.source.width)
            let heightFactor = Double(planned.height) / Double(recipe.source.height)
            // A hair over, so that the drawing covers the pixels kept below.
            load.svgScale = max(widthFactor, heightFactor) * (1 + 1e-6)
            try checkSVGScale(load.svgScale, source: recipe.source)
        case .jpeg, .webp:
            // Decoders shrink by powers of two far faster than any resampler; go as far as
            // leaves the resampler at least a factor of two (as libvips' thumbnail does: a
            // decoder's shrink straight to the size is soft). Whole blocks only.
            load.shrink = [8, 4, 2].first { factor in
                recipe.source.width / factor >= 2 * planned.width && recipe.source.height / factor >= 2 * planned.height
            } ?? 1
        case .png:
            break
        }
        return load
    }

    private static func render(_ raw: UnsafeRawBufferPointer, _ recipes: [Recipe]) throws(Failure) {
        var groups: [(load: Load, recipes: [Recipe])] = []
        // A JPEG or WebP is decoded at the shrink each output would get from `vips thumbnail`
        // (the 1x may shrink further than the 2x), outputs that shrink alike sharing a decode.
        // (An attention crop is found once, on the largest output, for all.)
        let parts = recipes.flatMap { recipe in
            [.jpeg, .webp].contains(recipe.format) && recipe.mode != .fill(.attention) && recipe.outputs.count > 1
                ? recipe.outputs.map { Recipe(format: recipe.format, source: recipe.source, mode: recipe.mode, largest: $0.size, outputs: [$0]) }
                : [recipe]
        }
        for recipe in parts {
            let load = try load(for: recipe)
            if let index = groups.firstIndex(where: { $0.load == load }) {
                groups[index].recipes.append(recipe)
            } else {
                groups.append((load, [recipe]))
            }
        }
        for group in groups {
            try render(raw, group.load, group.recipes)
        }
    }

    private static func render(_ raw: UnsafeRawBufferPointer, _ how: Load, _ recipes: [Recipe]) throws(Failure) {
        let first = recipes[0]
        let source = first.source
        var loaded = try load(raw, first.format, shrink: how.shrink, svgScale: how.svgScale, sequential: true)
        let orientation = first.format == .svg ? 1 : Int(gz_orientation(loaded.pointer))
        let swap = (5...8).contains(orientation)
        var stored = loaded.size
        if first.format == .svg {
            // libvips ignores a scale outside its range (with only a warning) and would
            // render at full size: refuse anything but the size asked for.
            let expected = PixelSize(
                width: Int((Double(source.width) * how.svgScale).rounded()),
                height: Int((Double(source.height) * how.svgScale).rounded()))
            let slack = 2 + Int(how.svgScale.rounded(.up))
            if abs(stored.width - expected.width) > slack || abs(stored.height - expected.height) > slack {
                throw Failure(
                    message: "the SVG would render at \(stored) instead of about \(expected); refusing it",
                    retry: false)
            }
            // libvips rounds the canvas up: a last row or column the drawing only partly
            // covers would come out partly transparent. Keep the covered pixels.
            let covered = PixelSize(
                width: min(stored.width, max(1, Int((Double(source.width) * how.svgScale).rounded(.down)))),
                height: min(stored.height, max(1, Int((Double(source.height) * how.svgScale).rounded(.down)))))
            if covered != stored {
                let canvas = loaded
                loaded = try image("cannot crop the image") {
                    gz_crop(canvas.pointer, $0, 0, 0, Int32(covered.width), Int32(covered.height))
                }
                stored = covered
            }
        }
        let shown = swap ? stored.transposed : stored

        if stored.pixels > sharedDecodePixels {
            // Convert to sRGB and resample in the stored orientation (streaming), decode into
            // memory, then rotate upright. Once per recipe.
            for recipe in recipes {
                let target = ThumbnailGeometry.resampled(source: shown, output: recipe.largest, mode: recipe.mode)
                let current = recipes.count == 1 ? loaded : try self.load(
                    raw, first.format, shrink: how.shrink, svgScale: how.svgScale, sequential: true)
                let srgb = try image("cannot convert the image to sRGB") { gz_to_srgb(current.pointer, $0) }
                let resized = try image("cannot resize the image") {
                    gz_thumbnail(
                        srgb.pointer, $0, Int32(swap ? target.height : target.width),
                        Int32(swap ? target.width : target.height), GZ_FIT_EACH_AXIS)
                }
                try render(decode(resized, orientation: orientation), target: target, recipe)
            }
            return
        }
        // Decode once into memory, sRGB and upright; an alpha band that is all (but) opaque,
        // as a rendered flag's, goes before any resampling (three bands resample far faster than
        // four premultiplied ones). Every recipe resamples this copy.
        let upright = try decode(loaded, orientation: orientation)
        let opaque = try image("cannot process the alpha channel") { gz_drop_opaque_alpha(upright.pointer, $0) }
        // Every output is resampled from this copy, the 1x as the 2x, by libvips' thumbnail
        // operation as `vips thumbnail` makes each: a 1x derived from the 2x would be a second,
        // softer pass. (An attention crop is found once, on the largest output, and the others
        // derived from it.)
        for recipe in recipes {
            let parts = recipe.mode == .fill(.attention)
                ? [recipe]
                : recipe.outputs.map { Recipe(format: recipe.format, source: recipe.source, mode: recipe.mode, largest: $0.size, outputs: [$0]) }
            for part in parts {
                // A fit maps each axis onto its size (which covers the picture exactly; a drawing
                // rendered at 2x is halved by a box filter for its 1x); a centre fill scales both
                // axes by one factor and keeps the middle; an attention fill is resampled to cover
                // its size, each axis onto the covering size, and cropped below.
                let size = part.mode == .fill(.attention)
                    ? ThumbnailGeometry.resampled(source: shown, output: part.largest, mode: part.mode)
                    : part.largest
                let fit = part.mode == .fill(.centre) ? GZ_FIT_CENTRE : first.format == .svg ? GZ_FIT_DRAWING : GZ_FIT_EACH_AXIS
                let resized = try image("cannot resize the image") {
                    gz_thumbnail(opaque.pointer, $0, Int32(size.width), Int32(size.height), fit)
                }
                try render(resized, target: size, part)
            }
        }
    }

    /// `image` converted to sRGB, decoded into memory and turned upright.
    private static func decode(_ image: Image, orientation: Int) throws(Failure) -> Image {
        let srgb = try self.image("cannot convert the image to sRGB") { gz_to_srgb(image.pointer, $0) }
        guard let decoded = gz_copy_memory(srgb.pointer) else { throw libraryFailure("cannot decode the image") }
        let upright = Image(decoded)
        if orientation == 1 { return upright }
        return try self.image("cannot rotate the image upright") { gz_autorot(upright.pointer, $0) }
    }

    /// Writes the outputs of `recipe` from `base`, the picture resampled to `target`.
    private static func render(_ base: Image, target: PixelSize, _ recipe: Recipe) throws(Failure) {
        let largest = recipe.largest
        let cropped: Image
        switch recipe.mode {
        case .fit:
            cropped = base
        case .fill(.centre):
            let left = (target.width - largest.width) / 2
            let top = (target.height - largest.height) / 2
            cropped = try image("cannot crop the image") {
                gz_crop(base.pointer, $0, Int32(left), Int32(top), Int32(largest.width), Int32(largest.height))
            }
        case .fill(.attention):
            cropped = try image("cannot crop the image") {
                gz_crop_attention(base.pointer, $0, Int32(largest.width), Int32(largest.height))
            }
        }
        guard let settled = gz_copy_memory(cropped.pointer) else { throw libraryFailure("cannot crop the image") }
        let croppedInMemory = Image(settled)
        let opaque = try image("cannot process the alpha channel") { gz_drop_opaque_alpha(croppedInMemory.pointer, $0) }
        // Every output is derived from this one, in memory (a new reference when it already is).
        guard let largestInMemory = gz_copy_memory(opaque.pointer) else { throw libraryFailure("cannot process the image") }
        let master = Image(largestInMemory)
        try checkSize(master, largest)
        gz_strip_metadata(master.pointer)

        for output in recipe.outputs {
            let picture = output.size == largest
                ? master
                : try image("cannot resize the image") {
                    gz_thumbnail(master.pointer, $0, Int32(output.size.width), Int32(output.size.height), GZ_FIT_EACH_AXIS)
                }
            try checkSize(picture, output.size)
            if gz_save(picture.pointer, output.path, saveFormat(output.format), quality(output.format)) != 0 {
                throw libraryFailure("cannot encode \(output.format.rawValue.uppercased())")
            }
        }
    }

    /// The direct path for the common case: makes every output of `recipes` (one JPEG source;
    /// JPEG outputs; fit or centre fill) with libjpeg and the shim's resampler, in the JPEG's own
    /// planes, each output pixel where libvips' thumbnail puts it (see `DirectStep`), turned
    /// upright by its EXIF orientation. False when the source or the recipes are not plain enough
    /// (a colour profile other than sRGB, CMYK, damaged data, an enlargement...): the caller then
    /// takes `render`, which handles every case and words every failure.
    static func renderDirect(_ bytes: [UInt8], _ recipes: [Recipe]) -> Bool {
        guard let source = recipes.first?.source,
              recipes.allSatisfy({ recipe in
                  recipe.format == .jpeg && recipe.source == source && recipe.mode != .fill(.attention)
                      && recipe.outputs.allSatisfy { $0.format == .jpeg }
              })
        else { return false }
        // One decode for the source (two where an output is larger than the first decode
        // allows); the planes' halvings an output reads are made once, kept with the decode.
        var decoded: [Int: GzPlanes] = [:]
        defer { for shrink in decoded.keys { gz_planes_free(&decoded[shrink]!) } }
        let quality = quality(.jpeg)
        for recipe in recipes {
            for output in recipe.outputs {
                guard let step = DirectStep(source: source, output: output.size, mode: recipe.mode) else { return false }
                if decoded[step.decode] == nil {
                    var planes = GzPlanes()
                    let status = bytes.withUnsafeBytes { raw in
                        gz_direct_decode(raw.baseAddress, raw.count, Int32(step.decode), &planes)
                    }
                    guard status == 0 else { return false }
                    decoded[step.decode] = planes
                    // The size as planned, as displayed (a picture turned by its EXIF orientation,
                    // 5 to 8, is stored the other way round).
                    let turned = planes.orientation >= 5
                    guard PixelSize(width: Int(turned ? planes.height : planes.width),
                                    height: Int(turned ? planes.width : planes.height)) == source
                    else { return false }
                }
                guard let map = step.map(orientation: Int(decoded[step.decode]!.orientation)) else { return false }
                let status = gz_direct_make(
                    &decoded[step.decode]!, Int32(output.size.width), Int32(output.size.height),
                    map.across.origin, map.across.step, map.down.origin, map.down.step, output.path, quality)
                guard status == 0 else { return false }
            }
        }
        return true
    }

    /// Where libvips' thumbnail (8.14) puts the pixels of one output of a JPEG, which the direct
    /// path keeps: a shrink in the DCT that leaves at least a factor of two (1, 2, 4 or 8; the
    /// size rounded down), then one shrink for both axes (the smaller for a fill, which then keeps
    /// the middle; the larger for a fit), that libvips' resize carries out, its output centred on
    /// its input. All in the picture as displayed: libvips resizes the stored picture and then
    /// turns it, which comes to the same sizes and shrinks, axes swapped.
    ///
    /// The direct path makes those pixels its own way (`gz_direct_make`): a picture is decoded
    /// once, at a shrink that depends on its size alone (`decodeShrink`), in its own planes, and
    /// each output is resampled from those planes or their 2x2 averages, whichever leaves a
    /// shrink of about two. A function of the source and the output alone, so that an output is
    /// the same whichever others are made with it.
    struct DirectStep {
        /// The DCT shrink libvips' thumbnail takes: as far as leaves a factor of two.
        static func libvipsShrink(source: PixelSize, output: PixelSize, mode: ThumbnailMode) -> Int {
            let widthShrink = Double(source.width) / Double(output.width)
            let heightShrink = Double(source.height) / Double(output.height)
            let first = mode == .fit ? max(widthShrink, heightShrink) : min(widthShrink, heightShrink)
            return first >= 16 ? 8 : first >= 8 ? 4 : first >= 4 ? 2 : 1
        }

        /// The shrink a source is decoded at for its thumbnails: the largest that keeps 1,280
        /// pixels on its long side (a 2x thumbnail of 640); an output that needs more is decoded
        /// on its own.
        static func decodeShrink(source: PixelSize) -> Int {
            [8, 4, 2].first { max(source.width, source.height) / $0 >= 1280 } ?? 1
        }

        /// The source's size as displayed.
        var source: PixelSize
        /// libvips' shrink-on-load for this output, and the decode it is made from.
        var shrink: Int
        var decode: Int
        var decoded: PixelSize
        var output: PixelSize
        var mode: ThumbnailMode

        init?(source: PixelSize, output: PixelSize, mode: ThumbnailMode) {
            guard output.width > 0, output.height > 0 else { return nil }
            self.source = source
            shrink = Self.libvipsShrink(source: source, output: output, mode: mode)
            decode = min(shrink, Self.decodeShrink(source: source))
            decoded = PixelSize(width: source.width / shrink, height: source.height / shrink)
            self.output = output
            self.mode = mode
        }

        /// The shrinks across and down and the kept window's corner, for a picture decoded at
        /// `size`; nil for an enlargement or a window the resize would not cover.
        func resize(_ size: PixelSize) -> (across: Double, down: Double, left: Int, top: Int)? {
            let widthShrink = Double(size.width) / Double(output.width)
            let heightShrink = Double(size.height) / Double(output.height)
            // libvips hands the resize 1 / (1 / shrink), which may differ in the last bit.
            let one = 1 / (1 / (mode == .fit ? max(widthShrink, heightShrink) : min(widthShrink, heightShrink)))
            guard one >= 1 else { return nil }
            // Its output size on each axis: the size over the shrink, rounded.
            let width = Int(Double(size.width) / one + 0.5), height = Int(Double(size.height) / one + 0.5)
            if mode == .fit {
                // A fit keeps the whole picture: each axis onto its size where one shrink misses it.
                if width == output.width && height == output.height { return (one, one, 0, 0) }
                guard widthShrink >= 1, heightShrink >= 1 else { return nil }
                return (widthShrink, heightShrink, 0, 0)
            }
            guard width >= output.width, height >= output.height else { return nil }
            return (one, one, (width - output.width) / 2, (height - output.height) / 2)
        }

        /// One axis of the output: its pixel i centred at source pixel origin + i * step (as
        /// displayed, in pixels of the source at full size).
        struct Axis: Equatable {
            var origin: Double
            var step: Double
        }

        /// Where each output pixel stands in the source, as libvips puts it, for a source of this
        /// EXIF orientation; nil where `resize` is. Its shrink-on-load keeps whole blocks of the
        /// picture as stored (decoded pixel i centred at stored pixel (i + 0.5) * shrink - 0.5; the
        /// pixels left over dropped at the stored end, the displayed start of an axis that the
        /// orientation mirrors); its resize by s makes round(size / s) pixels, pixel i centred at
        /// (i + 0.5) * s - 0.5 less half of what the rounding added (the same either way round);
        /// the crop, of the picture turned upright, keeps the window from left.
        func map(orientation: Int) -> (across: Axis, down: Axis)? {
            guard let resize = resize(decoded) else { return nil }
            func axis(_ full: Int, _ size: Int, _ s: Double, _ first: Int, mirrored: Bool) -> Axis {
                let extra = Double(Int(Double(size) / s + 0.5)) * s - Double(size)
                let loaded = (Double(first) + 0.5) * s - 0.5 - extra / 2
                let dropped = mirrored ? Double(full - size * shrink) : 0
                return Axis(origin: dropped + (loaded + 0.5) * Double(shrink) - 0.5, step: s * Double(shrink))
            }
            return (axis(source.width, decoded.width, resize.across, resize.left, mirrored: [2, 3, 6, 7].contains(orientation)),
                    axis(source.height, decoded.height, resize.down, resize.top, mirrored: [3, 4, 7, 8].contains(orientation)))
        }
    }

    /// The size of an SVG from its prologue and root start tag (`gz_svg_size`), rounded as
    /// libvips rounds it; nil when that cannot tell. A viewBox without area is refused: libvips
    /// would make a picture one pixel wide (or high) of nothing.
    private static func svgSize(_ bytes: [UInt8]) throws(Failure) -> PixelSize? {
        var width = 0.0, height = 0.0
        let status = bytes.withUnsafeBytes { raw in gz_svg_size(raw.baseAddress, raw.count, &width, &height) }
        if status == -2 {
            throw Failure(message: "the drawing's viewBox has no width or no height, so nothing of it would be drawn; "
                + "give it four numbers: left, top, width and height (such as viewBox=\"0 0 900 600\")", retry: false)
        }
        guard status == 0, width < 1e9, height < 1e9 else { return nil }
        return PixelSize(width: Int(width + 0.5), height: Int(height + 0.5))
    }

    /// The drawing path: every output of `recipes` (one SVG source; fit or centre fill) from a
    /// document parsed once, with librsvg and cairo into memory and the shim's own resampling
    /// and palette PNG (drawing.c, png_palette.c). False when it declines or fails (an
    /// attention crop, a rendering over `sharedDecodePixels`, a document librsvg refuses, a
    /// file that cannot be written): the caller then takes `render`, which words every failure.
    ///
    /// Each output is a function of the source and its recipe alone, as `render`'s are. A
    /// recipe whose largest output is at most half the source's reference size (its own size,
    /// halved until at most a megapixel), or that size exactly, is area-averaged from one
    /// rendering at the reference size (or from its 2x2 averages, halved as long as they stay
    /// 1.5 times the output's size), shared by every such recipe: rendering is mostly the walk
    /// over the document, nearly as dear at 130x98 as at 640x480, and averaging many rendered
    /// pixels into each is as exact an anti-aliasing as cairo's own. Other recipes are rendered
    /// at their size. Within a recipe, an output half the largest is its 2x2 average, any other
    /// smaller one is area-averaged from the largest.
    static func renderDrawing(_ bytes: [UInt8], _ recipes: [Recipe]) -> Bool {
        guard let source = recipes.first?.source,
              recipes.allSatisfy({ $0.format == .svg && $0.source == source && $0.mode != .fill(.attention) })
        else { return false }
        var reference = source
        while reference.pixels > 1 << 20 {
            reference = PixelSize(width: (reference.width + 1) / 2, height: (reference.height + 1) / 2)
        }
        // Under the shared side of the guard: formats other than palette PNG go through libvips'
        // savers, whose failures must not reach a job running alone to get its own message.
        gz_shared_begin()
        defer { gz_shared_end() }
        return bytes.withUnsafeBytes { raw -> Bool in
            var opened: OpaquePointer?
            guard gz_drawing_open(raw.baseAddress, raw.count, &opened) == 0, let drawing = opened else { return false }
            defer { gz_drawing_close(drawing) }
            // The rendering at the reference size, then its halves (while the sides are even), made
            // as first needed: every recipe area-averaged from it starts from the smallest of these
            // still at least 1.5 times its size each way (the same picture as from the rendering
            // itself but a quarter or less of the work for each halving).
            var levels: [Pixels] = []
            var levelSizes = [reference]
            while let last = levelSizes.last, last.width % 2 == 0, last.height % 2 == 0, last.pixels > 1 {
                levelSizes.append(PixelSize(width: last.width / 2, height: last.height / 2))
            }
            func render(_ size: PixelSize) -> Pixels? {
                guard size.pixels <= sharedDecodePixels else { return nil }
                return Pixels { gz_drawing_render(drawing, Int32(size.width), Int32(size.height), &$0) }
            }
            func level(_ index: Int) -> Pixels? {
                while levels.count <= index {
                    guard let next = levels.last.map({ $0.halved() }) ?? render(reference) else { return nil }
                    levels.append(next)
                }
                return levels[index]
            }
            for recipe in recipes {
                let target = ThumbnailGeometry.resampled(source: source, output: recipe.largest, mode: recipe.mode)
                let base: Pixels
                if target == reference || (target.width * 2 <= reference.width && target.height * 2 <= reference.height) {
                    let index = levelSizes.lastIndex { $0 == target || ($0.width * 2 >= target.width * 3 && $0.height * 2 >= target.height * 3) } ?? 0
                    guard let from = level(index) else { return false }
                    if from.size == target {
                        base = from
                    } else {
                        guard let averaged = from.area(target) else { return false }
                        base = averaged
                    }
                } else {
                    guard let direct = render(target) else { return false }
                    base = direct
                }
                var largest = base
                if target != recipe.largest {
                    // A centre fill: the middle of the covering picture.
                    guard let middle = Pixels({ out in
                        withUnsafePointer(to: base.pixels) { whole in
                            gz_argb_crop(whole, Int32((target.width - recipe.largest.width) / 2),
                                         Int32((target.height - recipe.largest.height) / 2),
                                         Int32(recipe.largest.width), Int32(recipe.largest.height), &out)
                        }
                    }) else { return false }
                    largest = middle
                }
                for output in recipe.outputs {
                    let picture: Pixels
                    if output.size == recipe.largest {
                        picture = largest
                    } else if output.size.width * 2 == recipe.largest.width && output.size.height * 2 == recipe.largest.height {
                        // The next level when the largest is one (the large flag's 1x), else made.
                        let shared = levels.firstIndex { $0 === largest }.flatMap { levelSizes.indices.contains($0 + 1) ? level($0 + 1) : nil }
                        guard let half = shared ?? largest.halved() else { return false }
                        picture = half
                    } else {
                        guard let smaller = largest.area(output.size) else { return false }
                        picture = smaller
                    }
                    guard picture.size == output.size else { return false }
                    let status = withUnsafePointer(to: picture.pixels) { pixels in
                        gz_argb_save(pixels, output.path, saveFormat(output.format), quality(output.format))
                    }
                    if status != 0 { return false }
                }
            }
            return true
        }
    }

    /// Pixels of the drawing path, freed with the last reference.
    private final class Pixels {
        var pixels = GzArgb()
        /// Nil when `make` fails.
        init?(_ make: (inout GzArgb) -> Int32) {
            if make(&pixels) != 0 { return nil }
        }
        deinit { gz_argb_free(&pixels) }
        var size: PixelSize { PixelSize(width: Int(pixels.width), height: Int(pixels.height)) }

        func area(_ size: PixelSize) -> Pixels? {
            Pixels { out in withUnsafePointer(to: pixels) { gz_argb_area($0, Int32(size.width), Int32(size.height), &out) } }
        }

        func halved() -> Pixels? {
            Pixels { out in withUnsafePointer(to: pixels) { gz_argb_halve($0, &out) } }
        }
    }

    /// The SVG scales libvips honours (outside them it warns and renders at scale 1).
    static let svgScales: ClosedRange<Double> = 0.0011...90_000

    static func checkSVGScale(_ scale: Double, source: PixelSize) throws(Failure) {
        guard svgScales.contains(scale) else {
            throw Failure(
                message: "the SVG is \(source) at its own scale; the thumbnail would need it scaled by \(scale), "
                    + "outside the range that renders safely (\(svgScales.lowerBound) to \(Int(svgScales.upperBound)))",
                retry: false)
        }
    }

    private static func checkSize(_ image: Image, _ size: PixelSize) throws(Failure) {
        if image.size != size {
            throw Failure(message: "internal error: made \(image.size) where \(size) was planned", retry: false)
        }
    }

    private static func saveFormat(_ format: ImageFormat) -> GzSaveFormat {
        switch format {
        case .png, .svg: GZ_SAVE_PNG
        case .pngPalette: GZ_SAVE_PNG_PALETTE
        case .jpeg: GZ_SAVE_JPEG
        case .webp: GZ_SAVE_WEBP
        case .webpLossless: GZ_SAVE_WEBP_LOSSLESS
        case .pngAdaptive: GZ_SAVE_PNG_ADAPTIVE
        case .webpAdaptive: GZ_SAVE_WEBP_ADAPTIVE
        case .avif: GZ_SAVE_AVIF
        }
    }

    // MARK: Plumbing

    /// A libvips image, released when the last reference goes.
    private final class Image {
        let pointer: UnsafeMutablePointer<VipsImage>
        init(_ pointer: UnsafeMutablePointer<VipsImage>) { self.pointer = pointer }
        deinit { gz_unref(pointer) }
        var size: PixelSize { PixelSize(width: Int(gz_width(pointer)), height: Int(gz_height(pointer))) }
    }

    private static func image(
        _ context: String, _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(Failure) -> Image {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = operation(&out)
        guard status == 0, let out else {
            if let out { gz_unref(out) }
            throw libraryFailure(context)
        }
        return Image(out)
    }

    private static func load(
        _ raw: UnsafeRawBufferPointer, _ format: SourceFormat, shrink: Int, svgScale: Double, sequential: Bool
    ) throws(Failure) -> Image {
        guard let base = raw.baseAddress, raw.count > 0 else {
            throw Failure(message: "the file is empty", retry: false)
        }
        let streaming: Int32 = sequential ? 1 : 0
        return try image("cannot read the image") { out in
            switch format {
            case .jpeg: gz_load_jpeg(base, raw.count, Int32(shrink), streaming, out)
            case .png: gz_load_png(base, raw.count, streaming, out)
            case .webp: gz_load_webp(base, raw.count, 1 / Double(shrink), streaming, out)
            case .svg: gz_load_svg(base, raw.count, svgScale, out)
            }
        }
    }

    /// A failure carrying (and clearing) libvips' error buffer.
    private static func libraryFailure(_ context: String) -> Failure {
        Failure(message: join(context, takeString(gz_error_take())), retry: true)
    }

    private static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { gz_free(pointer) }
        return String(cString: pointer)
    }

    /// `context: detail`, the detail's lines trimmed and deduplicated.
    private static func join(_ context: String, _ detail: String) -> String {
        var seen: Set<String> = []
        let lines = detail.split(whereSeparator: { $0 == "\n" || $0 == ";" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        return lines.isEmpty ? context : "\(context): \(lines.joined(separator: "; "))"
    }

    private static func withBytes<Result>(
        _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome = bytes.withUnsafeBytes { raw in
            Swift.Result { () throws(Failure) -> Result in try body(raw) }
        }
        return try outcome.get()
    }

    /// Runs `body` among other jobs; if libvips fails, runs it again alone so that the
    /// message (libvips' error buffer and GLib warnings) is this job's only.
    private static func guarded<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard libraryStarted else {
            let reason = gz_library_error().map { String(cString: $0) } ?? "it gave no reason"
            throw Failure(message: "libvips could not be started: " + reason, retry: false)
        }
        gz_shared_begin()
        let first = Swift.Result { () throws(Failure) -> Result in try body() }
        gz_shared_end()
        switch first {
        case .success(let value):
            return value
        case .failure(let failure) where !failure.retry:
            throw failure
        case .failure:
            break
        }
        gz_exclusive_begin()
        let second = Swift.Result { () throws(Failure) -> Result in try body() }
        let logged = takeString(gz_exclusive_end())
        switch second {
        case .success(let value):
            return value
        case .failure(let failure):
            if logged.isEmpty {
                if failure.message.contains(":") || !failure.retry { throw failure }
                throw Failure(message: failure.message + ": libvips gave no reason", retry: false)
            }
            throw Failure(message: join(failure.message, logged), retry: false)
        }
    }
}
