import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Flags and other drawings become palette PNGs by default: their own colours exactly when
/// they have at most 256, else reduced by libimagequant without a visible change.
final class PaletteTests: XCTestCase {
    private func make(_ source: URL, _ format: ImageFormat?, in space: Workspace, stem: String) throws -> [URL] {
        let thumbnailer = try space.thumbnailer()
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: source, spec: ThumbnailSpec(width: 115, height: 75, mode: .fit, format: format), stem: stem))
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        return plan.images.map(thumbnailer.cachedFile)
    }

    func testAFlagKeepsItsColoursExactlyInNoMoreBytes() throws {
        let space = Workspace()
        let flag = space.write("france.svg", TestSVG.flag(size: ("900", "600")))
        let palette = try make(flag, nil, in: space, stem: "p")
        let truecolour = try make(flag, .png, in: space, stem: "t")
        for (ours, reference) in zip(palette, truecolour) {
            let bytes = space.bytes(ours)
            XCTAssertEqual(bytes[25], 3, "colour type 3: a palette")
            XCTAssertEqual(try ThumbnailFixtures.difference(ours, reference), 0, "the same pixels as truecolour PNG")
            XCTAssertLessThanOrEqual(bytes.count, space.bytes(reference).count, "\(ours.lastPathComponent) no larger")
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
        let palette = try make(drawing, .pngPalette, in: space, stem: "p")
        let truecolour = try make(drawing, .png, in: space, stem: "t")
        for (ours, reference) in zip(palette, truecolour) {
            XCTAssertEqual(space.bytes(ours)[25], 3)
            XCTAssertLessThan(try ThumbnailFixtures.difference(ours, reference), 2, ours.lastPathComponent)
        }
        let first = palette.map(space.bytes)
        try FileManager.default.removeItem(at: space.cache)
        XCTAssertEqual(try make(drawing, .pngPalette, in: space, stem: "p").map(space.bytes), first, "same input, same bytes")
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
