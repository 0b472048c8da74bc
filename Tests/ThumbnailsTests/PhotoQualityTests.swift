import Foundation
import XCTest
import Hashing
@testable import Thumbnails
import ThumbnailsTestSupport

/// The direct path against libvips' own thumbnail, on photo-like pictures made here (fine
/// texture, hard edges, thin lines, gradients, sensor noise; seeded, so the same every run):
/// the bar in small (`make quality` measures it on real photographs).
final class PhotoQualityTests: XCTestCase {
    /// The card and small presets at 1x and 2x, as the guide asks for them.
    private static let specs = [
        ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)),
        ThumbnailSpec(width: 120, height: 90, mode: .fill(.centre)),
    ]

    /// Mean SSIM at least libvips' thumbnail saved at JPEG quality 82, none more than 0.01 below
    /// it, no more bytes in all (each against the lossless libvips thumbnail).
    func testThumbnailsAreAsGoodAsLibvipsAtNoMoreBytes() throws {
        let space = Workspace()
        var ours: [Double] = [], bar: [Double] = []
        var ourBytes = 0, barBytes = 0
        // 960 x 720: the presets take every DCT shrink the direct path has (1, 2 and 4).
        for (index, grey) in [(1, false), (2, false), (3, true)] {
            let source = PixelSize(width: 960, height: 720)
            let picture = PhotoLike.picture(width: source.width, height: source.height, seed: UInt64(index), grey: grey)
            let url = space.url("photo\(index).jpg")
            try LibvipsOps.writeJPEG(picture, to: url, quality: 88)
            let recipes = Self.specs.enumerated().map { number, spec in
                let sizes = ThumbnailGeometry.plan(source: source, spec: spec, vector: false).sizes.map(\.size)
                return Vips.Recipe(
                    format: .jpeg, source: source, mode: spec.mode, largest: sizes.last!,
                    outputs: sizes.map { Vips.Output(size: $0, format: .jpeg, path: space.url("o\(index)-\(number)-\($0.width).jpg").path) })
            }
            XCTAssertTrue(Vips.renderDirect(space.bytes(url), recipes), "a plain JPEG takes the direct path")
            for output in recipes.flatMap(\.outputs) {
                let reference = try LibvipsOps.thumbnail(url, width: output.size.width, height: output.size.height)
                let barURL = space.url("bar-\(index)-\(output.size.width).jpg")
                try LibvipsOps.writeJPEG(reference, to: barURL, quality: 82)
                let mine = try XCTUnwrap(Decoded(URL(filePath: output.path)))
                let theirs = try XCTUnwrap(Decoded(barURL))
                let score = SSIM.mean(reference, mine.picture), target = SSIM.mean(reference, theirs.picture)
                XCTAssertGreaterThanOrEqual(score, target - 0.01, "\(output.path): SSIM \(score), libvips Q82 \(target)")
                ours.append(score)
                bar.append(target)
                ourBytes += space.bytes(URL(filePath: output.path)).count
                barBytes += space.bytes(barURL).count
            }
        }
        let mean = ours.reduce(0, +) / Double(ours.count), target = bar.reduce(0, +) / Double(bar.count)
        print(String(format: "photo-like thumbnails: mean SSIM %.4f, libvips Q82 %.4f; worst %+.4f; bytes %d, libvips Q82 %d",
                     mean, target, zip(ours, bar).map { $0 - $1 }.min() ?? 0, ourBytes, barBytes))
        XCTAssertGreaterThanOrEqual(mean, target, "mean SSIM \(mean), libvips Q82 \(target)")
        XCTAssertLessThanOrEqual(ourBytes, barBytes, "bytes \(ourBytes), libvips Q82 \(barBytes)")
    }

    /// A CMYK JPEG with its CMYK profile (libvips' path) comes out in the colours `vips
    /// thumbnail` gives it: a transform straight to the sRGB profile made such photos redder.
    func testCMYKPhotosComeOutInLibvipsThumbnailsColours() throws {
        let space = Workspace()
        let url = space.url("cmyk.jpg")
        // Saturated colours (a photo-like picture's, pushed away from grey): where the two
        // conversions part most.
        var picture = PhotoLike.picture(width: 640, height: 480, seed: 5, grey: false)
        for pixel in stride(from: 0, to: picture.pixels.count, by: 3) {
            let grey = (Int(picture.pixels[pixel]) + Int(picture.pixels[pixel + 1]) + Int(picture.pixels[pixel + 2])) / 3
            for band in 0..<3 {
                picture.pixels[pixel + band] = UInt8(clamping: grey + 3 * (Int(picture.pixels[pixel + band]) - grey))
            }
        }
        try LibvipsOps.writeJPEG(picture, to: url, quality: 90, cmyk: true)
        let thumbnailer = try space.thumbnailer()
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: url, spec: ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre), scales: [1]), stem: "c"))
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        let mine = try XCTUnwrap(Decoded(thumbnailer.cachedFile(plan.images[0]))).picture
        let reference = try LibvipsOps.thumbnail(url, width: 250, height: 188, exportSRGB: true)
        XCTAssertEqual([mine.width, mine.height, mine.bands], [reference.width, reference.height, 3])
        for band in 0..<3 {
            func mean(_ picture: Picture) -> Double {
                stride(from: band, to: picture.pixels.count, by: picture.bands).reduce(0) { $0 + Double(picture.pixels[$1]) }
                    / Double(picture.width * picture.height)
            }
            XCTAssertEqual(mean(mine), mean(reference), accuracy: 1.5, "band \(band)")
        }
        let barURL = space.url("cmyk-bar.jpg")
        try LibvipsOps.writeJPEG(reference, to: barURL, quality: 82)
        let bar = try XCTUnwrap(Decoded(barURL)).picture
        XCTAssertGreaterThanOrEqual(SSIM.mean(reference, mine), SSIM.mean(reference, bar) - 0.01)
    }

    /// The direct path resamples the JPEG's own planes, not libvips' RGB, so its pixels are not
    /// libvips' to the byte; they stand where libvips' thumbnail puts them, upright as its are,
    /// in its colours: on every DCT shrink and halving, odd sizes, grey, 4:4:4 and every EXIF
    /// orientation, each thumbnail meets the bar against `vips thumbnail` of the same
    /// file (SSIM at least libvips' own JPEG Q82's less 0.01: half a pixel off would cost far more
    /// on this texture), and its bands' means are libvips' within two levels.
    func testThumbnailsStandWhereLibvipsPutsThemInItsColours() throws {
        let space = Workspace()
        // Stored sizes, grey, EXIF orientations (0: none), and chroma subsampling: the sizes below
        // take every DCT shrink and halving. (2560 x 1300 is decoded at a shrink of 2: its
        // 500 x 376 output decoded on its own.)
        let cases = [(960, 720, false, 0, true), (1001, 757, false, 0, true), (640, 900, true, 0, true),
                     (757, 1001, false, 6, true), (520, 400, false, 3, true), (300, 420, true, 8, true),
                     (330, 250, false, 5, true), (250, 330, false, 7, true), (331, 251, false, 2, true),
                     (251, 331, false, 4, true), (2560, 1300, false, 0, true), (640, 480, false, 0, false),
                     (481, 641, false, 5, false)]
        for (index, (width, height, grey, orientation, subsampled)) in cases.enumerated() {
            let url = space.url("p\(index).jpg")
            try LibvipsOps.writeJPEG(
                PhotoLike.picture(width: width, height: height, seed: UInt64(10 + index), grey: grey), to: url, quality: 90,
                orientation: orientation, subsampled: subsampled)
            let bytes = space.bytes(url)
            // As displayed.
            let source = orientation >= 5 ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
            let sizes = orientation == 0 ? [(250, 188), (500, 376), (120, 90), (240, 180), (37, 29), (600, 400)] : [(250, 188), (120, 90), (37, 29), (81, 121)]
            for (w, h) in sizes where w <= source.width && h <= source.height {
                let output = Vips.Output(size: PixelSize(width: w, height: h), format: .jpeg, path: space.url("o\(index)-\(w)x\(h).jpg").path)
                let recipe = Vips.Recipe(format: .jpeg, source: source, mode: .fill(.centre), largest: output.size, outputs: [output])
                XCTAssertTrue(Vips.renderDirect(bytes, [recipe]), "\(index) \(w)x\(h)")
                let made = try LibvipsOps.load(URL(filePath: output.path))
                let reference = try LibvipsOps.thumbnail(url, width: w, height: h)
                XCTAssertEqual([made.width, made.height, made.bands], [reference.width, reference.height, reference.bands])
                let barURL = space.url("bar-\(index)-\(w)x\(h).jpg")
                try LibvipsOps.writeJPEG(reference, to: barURL, quality: 82)
                let score = SSIM.mean(reference, made), bar = SSIM.mean(reference, try LibvipsOps.load(barURL))
                let label = "picture \(index) (orientation \(orientation)), \(w)x\(h)"
                XCTAssertGreaterThanOrEqual(score, bar - 0.01, "\(label): SSIM \(score), libvips Q82 \(bar)")
                for band in 0..<made.bands {
                    func mean(_ picture: Picture) -> Double {
                        stride(from: band, to: picture.pixels.count, by: picture.bands).reduce(0) { $0 + Double(picture.pixels[$1]) }
                            / Double(picture.width * picture.height)
                    }
                    XCTAssertEqual(mean(made), mean(reference), accuracy: 2, "\(label), band \(band)")
                }
            }
        }
    }

    /// The swift SSIM is scikit-image's default (7 x 7 uniform windows, sample covariance, the
    /// mean over the windows inside the picture and over the bands): a known small case.
    func testSSIMIsScikitImagesDefault() {
        let flat = Picture(width: 8, height: 8, bands: 1, pixels: [UInt8](repeating: 100, count: 64))
        XCTAssertEqual(SSIM.mean(flat, flat), 1, accuracy: 1e-12)
        // A 7 x 7 window over an 8 x 8 picture: 2 x 2 windows. A ramp and its double.
        var ramp = [UInt8](), double = [UInt8]()
        for i in 0..<64 { ramp.append(UInt8(i)); double.append(UInt8(2 * i)) }
        let x = Picture(width: 8, height: 8, bands: 1, pixels: ramp), y = Picture(width: 8, height: 8, bands: 1, pixels: double)
        // scikit-image 0.25: structural_similarity(x, y, data_range=255) = 0.6469800809380581
        XCTAssertEqual(SSIM.mean(x, y), 0.6469800809380581, accuracy: 1e-12)
    }
}

/// The direct path's forced-portable twins give the same bytes as the processor-specific ones.
final class PortableTwinTests: XCTestCase {
    func testForcedPortableCodeMakesTheSameBytes() throws {
        let space = Workspace()
        var cases: [(bytes: [UInt8], source: PixelSize, mode: ThumbnailMode, sizes: [PixelSize])] = []
        for (index, (width, height, grey)) in [(960, 720, false), (1001, 757, false), (333, 250, true), (1200, 800, false)].enumerated() {
            let url = space.url("s\(index).jpg")
            try LibvipsOps.writeJPEG(
                PhotoLike.picture(width: width, height: height, seed: UInt64(20 + index), grey: grey), to: url, quality: 85)
            let source = PixelSize(width: width, height: height)
            // Fill crops of several shapes (every DCT shrink, a whole-factor box at 1200 x 800
            // to 30 x 20, a copy at 1:1) and a fit.
            let fills = [(250, 188), (500, 376), (120, 90), (240, 180), (30, 20), (64, 64), (333, 250), (200, 400)]
                .filter { $0.0 <= width && $0.1 <= height }.map { PixelSize(width: $0.0, height: $0.1) }
            cases.append((space.bytes(url), source, .fill(.centre), fills))
            let fit = ThumbnailGeometry.plan(source: source, spec: ThumbnailSpec(width: 115, height: 75, mode: .fit), vector: false)
            cases.append((space.bytes(url), source, .fit, fit.sizes.map(\.size)))
        }
        func make(portable: Bool) throws -> [[UInt8]] {
            try PortableCode.with(portable) { try makeAll(portable: portable) }
        }
        func makeAll(portable: Bool) throws -> [[UInt8]] {
            var made: [[UInt8]] = []
            for (number, item) in cases.enumerated() {
                let outputs = item.sizes.map {
                    Vips.Output(size: $0, format: .jpeg, path: space.url("t\(number)-\($0.width)x\($0.height)-\(portable).jpg").path)
                }
                let recipe = Vips.Recipe(format: .jpeg, source: item.source, mode: item.mode, largest: item.sizes.last!, outputs: outputs)
                // One recipe per output: each made alone must give what it gives with the others.
                XCTAssertTrue(Vips.renderDirect(item.bytes, [recipe]), "case \(number)")
                made += outputs.map { space.bytes(URL(filePath: $0.path)) }
                for output in outputs {
                    let alone = Vips.Output(size: output.size, format: .jpeg, path: output.path + ".alone.jpg")
                    let single = Vips.Recipe(format: .jpeg, source: item.source, mode: item.mode, largest: output.size, outputs: [alone])
                    XCTAssertTrue(Vips.renderDirect(item.bytes, [single]))
                    XCTAssertEqual(space.bytes(URL(filePath: alone.path)), space.bytes(URL(filePath: output.path)), "\(output.path) alone")
                }
            }
            return made
        }
        let fast = try make(portable: false), portable = try make(portable: true)
        XCTAssertEqual(fast.count, portable.count)
        for (index, (a, b)) in zip(fast, portable).enumerated() {
            XCTAssertEqual(a, b, "output \(index): the portable code made other bytes")
        }
    }
}

// MARK: - Fixtures of these tests (kept here, apart from the shared fixture code)

/// Seeded photo-like pictures.
enum PhotoLike {
    /// A sky-like gradient, a field of fine texture (several fine gratings and value noise, as
    /// foliage or gravel), hard-edged shapes and thin lines, and mild noise.
    static func picture(width: Int, height: Int, seed: UInt64, grey: Bool) -> Picture {
        var random = SplitMix(seed: seed)
        let bands = grey ? 1 : 3
        // A coarse grid of random values, interpolated: texture at a 3-pixel scale.
        let cell = 3, gridWidth = width / cell + 2, gridHeight = height / cell + 2
        let grid = (0..<(gridWidth * gridHeight)).map { _ in random.unit() }
        struct Shape { var x0, y0, x1, y1: Int; var disc: Bool; var colour: SIMD3<Double> }
        let shapes = (0..<14).map { _ -> Shape in
            let x = random.below(width), y = random.below(height)
            let w = 8 + random.below(width / 4), h = 8 + random.below(height / 4)
            return Shape(x0: x, y0: y, x1: x + w, y1: y + h, disc: random.below(2) == 0,
                         colour: SIMD3(random.unit() * 255, random.unit() * 255, random.unit() * 255))
        }
        let lines = (0..<10).map { _ in (random.below(width), 1 + random.below(2)) }
        let (fx, fy) = (0.7 + random.unit(), 1.3 + random.unit())
        let textureTop = height / 3 + random.below(height / 6), textureBottom = height - height / 8
        // One colour per pixel, painted layer by layer.
        var colour = [SIMD3<Double>](repeating: .zero, count: width * height)
        colour.withUnsafeMutableBufferPointer { colour in
            grid.withUnsafeBufferPointer { grid in
                for y in 0..<height {
                    let v = Double(y) / Double(height)
                    let row = y * width
                    if y >= textureTop && y < textureBottom {
                        let gy = y / cell, ty = Double(y % cell) / Double(cell)
                        for x in 0..<width {
                            let gx = x / cell, tx = Double(x % cell) / Double(cell)
                            let a = grid[gy * gridWidth + gx], b = grid[gy * gridWidth + gx + 1]
                            let c = grid[(gy + 1) * gridWidth + gx], d = grid[(gy + 1) * gridWidth + gx + 1]
                            let noise = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
                            let grating = sin(Double(x) * fx + Double(y) * 0.4) * sin(Double(y) * fy - Double(x) * 0.2)
                            let t = 0.55 * noise + 0.45 * (grating * 0.5 + 0.5)
                            colour[row + x] = SIMD3(40 + 150 * t, 70 + 140 * t, 30 + 80 * t)
                        }
                    } else {
                        for x in 0..<width {
                            let u = Double(x) / Double(width)
                            colour[row + x] = SIMD3(70 + 120 * v, 110 + 90 * v + 30 * u, 200 - 60 * v)
                        }
                    }
                }
                for shape in shapes {
                    let cx = Double(shape.x0 + shape.x1) / 2, cy = Double(shape.y0 + shape.y1) / 2
                    let rx = Double(shape.x1 - shape.x0) / 2, ry = Double(shape.y1 - shape.y0) / 2
                    for y in shape.y0..<min(shape.y1, height) {
                        for x in shape.x0..<min(shape.x1, width) {
                            let dx = (Double(x) - cx) / rx, dy = (Double(y) - cy) / ry
                            if !shape.disc || dx * dx + dy * dy <= 1 { colour[y * width + x] = shape.colour }
                        }
                    }
                }
                for (at, thickness) in lines {
                    for y in 0..<height where y % 97 < 80 {
                        for x in at..<min(at + thickness, width) { colour[y * width + x] = SIMD3(20, 20, 25) }
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * bands)
        pixels.withUnsafeMutableBufferPointer { out in
            colour.withUnsafeBufferPointer { colour in
                for i in 0..<(width * height) {
                    let grain = (random.unit() - 0.5) * 8
                    let rgb = colour[i]
                    if grey {
                        out[i] = clamp(0.299 * rgb.x + 0.587 * rgb.y + 0.114 * rgb.z + grain)
                    } else {
                        out[3 * i] = clamp(rgb.x + grain)
                        out[3 * i + 1] = clamp(rgb.y + grain)
                        out[3 * i + 2] = clamp(rgb.z + grain)
                    }
                }
            }
        }
        return Picture(width: width, height: height, bands: bands, pixels: pixels)
    }

    private static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
}

/// SplitMix64: small, seeded, the same everywhere.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}

/// SSIM as scikit-image computes it by default (`structural_similarity(a, b, data_range=255,
/// channel_axis=2)`): 7 x 7 uniform windows, sample covariance, K1 0.01 and K2 0.03, averaged
/// over the windows lying inside the picture, then over the bands.
enum SSIM {
    static func mean(_ a: Picture, _ b: Picture) -> Double {
        precondition(a.width == b.width && a.height == b.height && a.bands == b.bands, "SSIM of pictures of different shapes")
        let window = 7, n = Double(window * window), cov = n / (n - 1)
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        let w = a.width, h = a.height, bands = a.bands, stride = w + 1, size = stride * (h + 1)
        guard w >= window, h >= window else { return .nan }
        var total = 0.0
        // Summed-area tables of x, y, x², y² and xy, one band at a time, one after the other.
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: 5 * size)
        defer { sums.deallocate() }
        a.pixels.withUnsafeBufferPointer { first in
            b.pixels.withUnsafeBufferPointer { second in
                for band in 0..<bands {
                    sums.initialize(repeating: 0)
                    for y in 0..<h {
                        var r0 = 0.0, r1 = 0.0, r2 = 0.0, r3 = 0.0, r4 = 0.0
                        for x in 0..<w {
                            let p = Double(first[(y * w + x) * bands + band]), q = Double(second[(y * w + x) * bands + band])
                            r0 += p; r1 += q; r2 += p * p; r3 += q * q; r4 += p * q
                            let at = (y + 1) * stride + x + 1, above = at - stride
                            sums[at] = sums[above] + r0
                            sums[size + at] = sums[size + above] + r1
                            sums[2 * size + at] = sums[2 * size + above] + r2
                            sums[3 * size + at] = sums[3 * size + above] + r3
                            sums[4 * size + at] = sums[4 * size + above] + r4
                        }
                    }
                    var sum = 0.0
                    for y in 0...(h - window) {
                        for x in 0...(w - window) {
                            let topLeft = y * stride + x, topRight = topLeft + window
                            let bottomLeft = topLeft + window * stride, bottomRight = bottomLeft + window
                            func mean(_ k: Int) -> Double {
                                let o = k * size
                                return (sums[o + bottomRight] - sums[o + topRight] - sums[o + bottomLeft] + sums[o + topLeft]) / n
                            }
                            let ux = mean(0), uy = mean(1)
                            let vx = cov * (mean(2) - ux * ux), vy = cov * (mean(3) - uy * uy), vxy = cov * (mean(4) - ux * uy)
                            sum += (2 * ux * uy + c1) * (2 * vxy + c2) / ((ux * ux + uy * uy + c1) * (vx + vy + c2))
                        }
                    }
                    total += sum / Double((w - window + 1) * (h - window + 1))
                }
            }
        }
        return total / Double(bands)
    }
}

/// A JPEG file decoded by libvips (its pixels as a browser shows them).
struct Decoded {
    var picture: Picture

    init?(_ url: URL) {
        guard let picture = try? LibvipsOps.load(url) else { return nil }
        self.picture = picture
    }
}
