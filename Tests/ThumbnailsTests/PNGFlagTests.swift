import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// The thumbnail format follows the kind of source: a drawn SVG becomes a palette PNG, a glossy,
/// anti-aliased PNG flag (like Debian's iso-flags-png-320x240: gradients, rounded corners on a
/// transparent margin) stays truecolour PNG when no palette keeps it like the picture, and an
/// opaque photo becomes JPEG (docs/decisions/0010-png-flag-sources.md).
final class PNGFlagTests: XCTestCase {
    /// A glossy flag drawn the way Debian's PNG flags are: stripes under a light-to-dark sheen,
    /// rounded corners, a transparent margin.
    private static let glossy = """
        <svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
        <defs><linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
        <clipPath id="round"><rect x="26" y="26" width="268" height="188" rx="14"/></clipPath></defs>
        <g clip-path="url(#round)"><rect x="26" y="26" width="268" height="63" fill="#74acdf"/>
        <rect x="26" y="89" width="268" height="62" fill="#fff"/><rect x="26" y="151" width="268" height="63" fill="#74acdf"/>
        <circle cx="160" cy="120" r="24" fill="#f6b40e"/><rect x="26" y="26" width="268" height="188" fill="url(#sheen)"/></g>
        </svg>
        """

    private func picture(_ url: URL) throws -> Picture { try LibvipsOps.load(url, loader: "pngload") }

    /// The glossy flag as a 320x240 truecolour PNG file, as a guide would hold it.
    private func glossyPNG(in space: Workspace) throws -> URL {
        let drawing = space.write("glossy.svg", Self.glossy)
        let thumbnailer = try space.thumbnailer()
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: drawing, spec: ThumbnailSpec(width: 320, height: 240, mode: .fit, format: .png, scales: [1]), stem: "g"))
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        return space.write("glossy.png", bytes: space.bytes(thumbnailer.cachedFile(plan.images[0])))
    }

    func testAGlossyPNGFlagStaysLikeItsTruecolourThumbnail() throws {
        let space = Workspace()
        let flag = try glossyPNG(in: space)
        let automatic = try makeTableThumbnails(flag, nil, in: space, stem: "a")
        let truecolour = try makeTableThumbnails(flag, .png, in: space, stem: "t")
        XCTAssertEqual(automatic.count, 2, "1x and 2x")
        for (ours, reference) in zip(automatic, truecolour) {
            XCTAssertEqual(ours.pathExtension, "png", "transparency kept, lossless")
            XCTAssertNoThrow(try ThumbnailFixtures.inspect(ours), "decodes")
            XCTAssertGreaterThanOrEqual(SSIM.mean(try picture(reference), try picture(ours)), 0.99, ours.lastPathComponent)
            // A sheen over every stripe: more than 256 colours that no cut keeps at SSIM 0.993.
            XCTAssertEqual(space.bytes(ours)[25], 6, "\(ours.lastPathComponent): truecolour with alpha")
        }
    }

    func testEachKindOfSourceGetsItsFormat() throws {
        let space = Workspace()
        let drawn = space.write("flag.svg", TestSVG.flag(size: ("900", "600")))
        let svg = try makeTableThumbnails(drawn, nil, in: space, stem: "s")
        XCTAssertTrue(svg.allSatisfy { $0.pathExtension == "png" && space.bytes($0)[25] == 3 }, "a drawing: palette PNG")
        let glossy = try makeTableThumbnails(try glossyPNG(in: space), nil, in: space, stem: "p")
        XCTAssertTrue(glossy.allSatisfy { $0.pathExtension == "png" }, "a PNG flag: PNG")
        let photo = try space.photo("photo.jpg", width: 400, height: 300)
        let jpeg = try makeTableThumbnails(photo, nil, in: space, stem: "j")
        XCTAssertTrue(jpeg.allSatisfy { $0.pathExtension == "jpg" }, "a photo: JPEG")
    }

    /// A thumbnail's name comes from the source bytes and every option that shapes it, so a
    /// thumbnail made with other options (or by another encoder) is never taken for it.
    func testTheCacheNameChangesWithTheOptions() throws {
        let space = Workspace()
        let flag = try glossyPNG(in: space)
        let thumbnailer = try space.thumbnailer()
        func names(_ spec: ThumbnailSpec) throws -> [String] {
            try thumbnailer.plan(ThumbnailRequest(source: flag, spec: spec, stem: "f")).images.map(\.fileName)
        }
        let automatic = try names(ThumbnailSpec(width: 115, height: 75, mode: .fit))
        XCTAssertEqual(automatic, try names(ThumbnailSpec(width: 115, height: 75, mode: .fit)), "same options, same names")
        let others = [
            try names(ThumbnailSpec(width: 115, height: 75, mode: .fit, format: .png)),
            try names(ThumbnailSpec(width: 115, height: 75, mode: .fit, format: .webpLossless)),
            try names(ThumbnailSpec(width: 115, height: 75, mode: .fill(.centre))),
            try names(ThumbnailSpec(width: 114, height: 75, mode: .fit)),
        ]
        for other in others { XCTAssertTrue(Set(other).isDisjoint(with: automatic), "\(other) against \(automatic)") }
        XCTAssertTrue(Vips.encoderSettings.contains("over 256 colours truecolour unless the mse 7 cut keeps ssim 0.993"),
                      "the adaptive palette's rule is in every key")
    }
}
