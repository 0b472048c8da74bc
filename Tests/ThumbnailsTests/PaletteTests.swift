import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Flags and other drawings become palette PNGs by default: their own colours exactly when
/// they have at most 256, else reduced by a median cut without a visible change.
final class PaletteTests: XCTestCase {

    func testAFlagKeepsItsColoursExactlyInNoMoreBytes() throws {
        let space = Workspace()
        let flag = space.write("france.svg", TestSVG.flag(size: ("900", "600")))
        let palette = try makeTableThumbnails(flag, .pngPalette, in: space, stem: "p")
        let truecolour = try makeTableThumbnails(flag, .png, in: space, stem: "t")
        for (ours, reference) in zip(palette, truecolour) {
            let bytes = space.bytes(ours)
            XCTAssertEqual(bytes[25], 3, "colour type 3: a palette")
            XCTAssertEqual(try ThumbnailFixtures.difference(ours, reference), 0, "the same pixels as truecolour PNG")
            XCTAssertLessThanOrEqual(bytes.count, space.bytes(reference).count, "\(ours.lastPathComponent) no larger")
        }
    }

    /// Over 40,000 pixels the rows are compressed by the shim's own deflate coder (runs and rows
    /// above, one Huffman block): what libpng reads back must be the picture, exactly.
    func testLargeDrawingsDecodeToTheirPixels() throws {
        let space = Workspace()
        // Stripes, a disc (anti-aliased: hundreds of colours), a gradient and text-like detail.
        let drawing = space.write("emblem.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
            <defs><linearGradient id="g"><stop offset="0" stop-color="#063"/><stop offset="1" stop-color="#fd0"/></linearGradient></defs>
            <rect width="900" height="200" fill="#c00"/><rect y="200" width="900" height="200" fill="url(#g)"/>
            <rect y="400" width="900" height="200" fill="#039"/><circle cx="450" cy="300" r="170" fill="#fff" opacity="0.8"/>
            <path d="M300 300 L450 160 L600 300 L450 440 Z" fill="none" stroke="#111" stroke-width="7"/>
            </svg>
            """)
        let flag = space.write("france.svg", TestSVG.flag(size: ("900", "600")))
        let thumbnailer = try space.thumbnailer()
        for (source, most) in [(flag, 0.0), (drawing, 2.0)] {
            var files: [ImageFormat: [URL]] = [:]
            for format in [ImageFormat.pngPalette, .png] {
                let plan = try thumbnailer.plan(ThumbnailRequest(
                    source: source, spec: ThumbnailSpec(width: 360, height: 240, mode: .fit, format: format),
                    stem: format.rawValue))
                XCTAssertEqual(plan.images.map { $0.width * $0.height }, [86_400, 345_600])
                XCTAssertEqual(thumbnailer.make([plan]).errors, [])
                files[format] = plan.images.map(thumbnailer.cachedFile)
            }
            for (ours, reference) in zip(files[.pngPalette]!, files[.png]!) {
                XCTAssertEqual(space.bytes(ours)[25], 3, "colour type 3: a palette")
                XCTAssertLessThanOrEqual(try ThumbnailFixtures.difference(ours, reference), most, ours.lastPathComponent)
            }
        }
    }

    func testAManyColouredDrawingIsReducedWithoutVisibleChangeAndAlwaysTheSameWay() throws {
        let space = Workspace()
        // A gradient and a disc: thousands of colours at 230x150.
        let drawing = space.write("gradient.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
            <defs><linearGradient id="g"><stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#03c"/></linearGradient></defs>
            <rect width="900" height="600" fill="url(#g)"/><circle cx="450" cy="300" r="200" fill="#fc0" opacity="0.7"/>
            </svg>
            """)
        let palette = try makeTableThumbnails(drawing, .pngPalette, in: space, stem: "p")
        let truecolour = try makeTableThumbnails(drawing, .png, in: space, stem: "t")
        for (ours, reference) in zip(palette, truecolour) {
            XCTAssertEqual(space.bytes(ours)[25], 3)
            XCTAssertLessThan(try ThumbnailFixtures.difference(ours, reference), 2, ours.lastPathComponent)
        }
        let first = palette.map(space.bytes)
        try FileManager.default.removeItem(at: space.cache)
        XCTAssertEqual(try makeTableThumbnails(drawing, .pngPalette, in: space, stem: "p").map(space.bytes), first, "same input, same bytes")
    }
}

/// A source is decoded once for every preset that loads it alike; what each output looks like
/// must not depend on which others were made with it (an incremental build making one missing
/// thumbnail gives the bytes of a cold build).
final class SharedDecodeTests: XCTestCase {
    func testAnOutputIsTheSameWhicheverOthersAreMadeWithIt() throws {
        let space = Workspace()
        let sources = [
            try space.photo("photo.png", width: 640, height: 480, format: "png"),
            try space.photo("rotated.jpg", width: 480, height: 640, orientation: 6),
            space.write("flag.svg", TestSVG.flag(size: ("900", "600"))),
        ]
        let specs = [
            ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)),
            ThumbnailSpec(width: 120, height: 90, mode: .fill(.centre)),
            ThumbnailSpec(width: 115, height: 75, mode: .fit),
        ]
        let together = try Thumbnailer(cacheDirectory: space.url("together"))
        let plans = try sources.flatMap { source in
            try specs.map { try together.plan(ThumbnailRequest(source: source, spec: $0, stem: "s")) }
        }
        XCTAssertEqual(together.make(plans).errors, [])
        for plan in plans {
            let alone = try Thumbnailer(cacheDirectory: space.url("alone-\(UUID().uuidString)"))
            XCTAssertEqual(alone.make([plan]).errors, [])
            for image in plan.images {
                XCTAssertEqual(space.bytes(alone.cachedFile(image)), space.bytes(together.cachedFile(image)), image.fileName)
            }
        }
    }
}
