import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Drawings become PNGs of adaptive colours by default (`png-adaptive`): the coarsest of a few
/// median cuts of their colours that still looks like the picture (SSIM at least 0.993 against
/// it), fewer bytes than their exact colours; `webp-adaptive` writes the same colours as
/// lossless WebP.
final class AdaptivePaletteTests: XCTestCase {
    /// Stripes, an anti-aliased disc and a diagonal band: a few hundred colours at table size,
    /// all of them kept by `png-palette`.
    private static let emblem = """
        <svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
        <rect width="900" height="200" fill="#c8102e"/><rect y="200" width="900" height="200" fill="#fff"/>
        <rect y="400" width="900" height="200" fill="#003da5"/><circle cx="300" cy="300" r="150" fill="#f4c300"/>
        <path d="M0 600 L900 0 L900 60 L90 600 Z" fill="#007a3d"/>
        </svg>
        """


    private func picture(_ url: URL) throws -> Picture {
        try LibvipsOps.load(url, loader: url.pathExtension == "webp" ? "webpload" : "pngload")
    }

    func testAdaptiveColoursTakeFewerBytesAndStayLikeThePicture() throws {
        let space = Workspace()
        let drawing = space.write("emblem.svg", Self.emblem)
        let exact = try makeTableThumbnails(drawing, .pngPalette, in: space, stem: "e")
        let adaptive = try makeTableThumbnails(drawing, .pngAdaptive, in: space, stem: "a")
        let truecolour = try makeTableThumbnails(drawing, .png, in: space, stem: "t")
        XCTAssertEqual(adaptive.count, 2, "1x and 2x")
        for (ours, reference) in zip(adaptive, truecolour) {
            XCTAssertEqual(space.bytes(ours)[25], 3, "colour type 3: a palette")
            let score = SSIM.mean(try picture(reference), try picture(ours))
            XCTAssertGreaterThanOrEqual(score, 0.993, ours.lastPathComponent)
            XCTAssertLessThan(score, 1, "\(ours.lastPathComponent): colours were merged")
        }
        // A gradient under a translucent disc (thousands of colours): every cut bands it below
        // 0.993 (png-palette's, at 0.98, too), so it is written truecolour.
        let gradient = space.write("gradient.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
            <defs><linearGradient id="g"><stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#03c"/></linearGradient></defs>
            <rect width="900" height="600" fill="url(#g)"/><circle cx="450" cy="300" r="200" fill="#fc0" opacity="0.7"/>
            </svg>
            """)
        for (ours, reference) in zip(try makeTableThumbnails(gradient, .pngAdaptive, in: space, stem: "ga"), try makeTableThumbnails(gradient, .png, in: space, stem: "gt")) {
            let score = SSIM.mean(try picture(reference), try picture(ours))
            XCTAssertGreaterThanOrEqual(score, 0.993, ours.lastPathComponent)
            XCTAssertNotEqual(space.bytes(ours)[25], 3, "\(ours.lastPathComponent): no palette keeps it")
        }
        let adaptiveBytes = adaptive.map { space.bytes($0).count }.reduce(0, +)
        let exactBytes = exact.map { space.bytes($0).count }.reduce(0, +)
        XCTAssertLessThan(Double(adaptiveBytes), 0.9 * Double(exactBytes), "\(adaptiveBytes) bytes against \(exactBytes)")

        // The same colours as lossless WebP, in fewer bytes still.
        let webp = try makeTableThumbnails(drawing, .webpAdaptive, in: space, stem: "w")
        for (ours, png) in zip(webp, adaptive) {
            let bytes = space.bytes(ours)
            XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
            XCTAssertNotNil(bytes.firstRange(of: Array("VP8L".utf8)), "lossless WebP")
            XCTAssertEqual(try ThumbnailFixtures.difference(ours, png), 0, "the colours of png-adaptive")
            XCTAssertLessThan(bytes.count, space.bytes(png).count, ours.lastPathComponent)
        }

        // Same input, same bytes.
        let first = (adaptive + webp).map(space.bytes)
        try FileManager.default.removeItem(at: space.cache)
        let again = try makeTableThumbnails(drawing, .pngAdaptive, in: space, stem: "a") + makeTableThumbnails(drawing, .webpAdaptive, in: space, stem: "w")
        XCTAssertEqual(again.map(space.bytes), first)
    }

    /// A flag of three flat colours keeps them exactly: no cut is coarser than the picture.
    func testAFlatFlagKeepsItsColours() throws {
        let space = Workspace()
        let flag = space.write("france.svg", TestSVG.flag(size: ("900", "600")))
        for (ours, reference) in zip(try makeTableThumbnails(flag, .pngAdaptive, in: space, stem: "a"), try makeTableThumbnails(flag, .png, in: space, stem: "t")) {
            XCTAssertEqual(try ThumbnailFixtures.difference(ours, reference), 0, ours.lastPathComponent)
        }
    }

    /// Drawings left to the picture (no `format`) get png-adaptive.
    func testDrawingsGetAdaptiveColoursByDefault() throws {
        let space = Workspace()
        let drawing = space.write("emblem.svg", Self.emblem)
        let automatic = try makeTableThumbnails(drawing, nil, in: space, stem: "d")
        let adaptive = try makeTableThumbnails(drawing, .pngAdaptive, in: space, stem: "a")
        XCTAssertTrue(automatic.allSatisfy { $0.pathExtension == "png" })
        XCTAssertEqual(automatic.map(space.bytes), adaptive.map(space.bytes))
    }

    /// The shim's SSIM (which png-adaptive keeps its colours by) is scikit-image's: against the
    /// tests' own, on seeded pictures, and a value scikit-image gave.
    func testTheShimsSSIMIsScikitImages() {
        var random = SplitMix(seed: 7)
        let width = 23, height = 17
        var a: [UInt32] = [], b: [UInt32] = []
        for _ in 0..<(width * height) {
            let r = UInt32(random.below(256)), g = UInt32(random.below(256)), bl = UInt32(random.below(256))
            a.append(r | g << 8 | bl << 16 | 255 << 24)
            // Most pixels kept, some nudged, some replaced.
            switch random.below(4) {
            case 0: b.append(UInt32(random.below(256)) | g << 8 | bl << 16 | 255 << 24)
            case 1: b.append(min(r + 9, 255) | g << 8 | bl << 16 | 255 << 24)
            default: b.append(a.last!)
            }
        }
        func rgb(_ words: [UInt32]) -> Picture {
            Picture(width: width, height: height, bands: 3, pixels: words.flatMap { [UInt8($0 & 255), UInt8($0 >> 8 & 255), UInt8($0 >> 16 & 255)] })
        }
        XCTAssertEqual(ThumbnailFixtures.ssim(a, b, width: width, height: height), SSIM.mean(rgb(a), rgb(b)), accuracy: 1e-9)
        XCTAssertEqual(ThumbnailFixtures.ssim(a, a, width: width, height: height), 1, accuracy: 1e-12)
        // The ramp and its double of testSSIMIsScikitImagesDefault, in every channel.
        let ramp = (0..<64).map { UInt32($0) * 0x010101 | 0xFF00_0000 }, double = (0..<64).map { UInt32(2 * $0) * 0x010101 | 0xFF00_0000 }
        XCTAssertEqual(ThumbnailFixtures.ssim(ramp, double, width: 8, height: 8), 0.6469800809380581, accuracy: 1e-9)
        // Transparency counts over white: a transparent pixel is white.
        let clear = [UInt32](repeating: 0x0000_0000, count: 64), white = [UInt32](repeating: 0xFFFF_FFFF, count: 64)
        XCTAssertEqual(ThumbnailFixtures.ssim(clear, white, width: 8, height: 8), 1, accuracy: 1e-12)
        XCTAssertEqual(ThumbnailFixtures.ssim(a, b, width: 6, height: 40), -1, "under 7 pixels a side")
    }
}
