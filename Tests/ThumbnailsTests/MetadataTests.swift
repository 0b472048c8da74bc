import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Outputs carry no metadata, stand upright, are 8-bit sRGB, and keep transparency only
/// where there is some.
final class MetadataTests: XCTestCase {
    func testEXIFIsStrippedAndOrientationApplied() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // Stored 400x200, EXIF says "rotate 90°": displayed 200x400.
        let source = try space.photo("phone.jpg", width: 400, height: 200, orientation: 6, exifText: "Secret Photographer")
        XCTAssertTrue(try ThumbnailFixtures.inspect(source).hasEXIF)
        XCTAssertNotNil(space.bytes(source).firstRange(of: Array("Secret Photographer".utf8)))

        var plans: [ThumbnailPlan] = []
        for format in [ImageFormat.jpeg, .png, .webp] {
            plans.append(try thumbnailer.plan(ThumbnailRequest(
                source: source, spec: ThumbnailSpec(width: 100, height: 100, mode: .fit, format: format), stem: "phone")))
        }
        XCTAssertEqual([plans[0].sourceWidth, plans[0].sourceHeight], [200, 400])
        XCTAssertEqual(plans[0].images.map { [$0.width, $0.height] }, [[50, 100], [100, 200]])
        XCTAssertEqual(thumbnailer.make(plans).errors, [])
        for plan in plans {
            for image in plan.images {
                let file = thumbnailer.cachedFile(image)
                let inspection = try ThumbnailFixtures.inspect(file)
                XCTAssertEqual([inspection.width, inspection.height], [image.width, image.height])
                XCTAssertFalse(inspection.hasEXIF, image.fileName)
                let bytes = space.bytes(file)
                XCTAssertNil(bytes.firstRange(of: Array("Secret".utf8)), image.fileName)
                XCTAssertNil(bytes.firstRange(of: Array("Exif".utf8)), image.fileName)
            }
        }
    }

    func testGreyAndSixteenBitSourcesBecomeEightBitSRGB() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // 16-bit grey at 0x8080 (about 50%).
        let grey16 = space.write("grey16.png", bytes: TestPNG.image(
            width: 64, height: 48, colourType: 0, bitDepth: 16, pixel: [0x80, 0x80]))
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: grey16, spec: ThumbnailSpec(width: 32, height: 32, mode: .fit, format: .png, scales: [1]), stem: "g"))
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        let file = thumbnailer.cachedFile(plan.images[0])
        let inspection = try ThumbnailFixtures.inspect(file, band: 1)
        XCTAssertEqual(inspection.bands, 3)
        XCTAssertEqual(inspection.mean, 128, accuracy: 2)
        // 8-bit PNG: colour type 2, bit depth 8.
        let bytes = space.bytes(file)
        XCTAssertEqual(Array(bytes[24..<26]), [8, 2])
    }

    func testTransparencyIsKeptOnlyWhereThereIsSome() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let opaque = space.write("opaque.svg", TestSVG.flag(size: ("300", "200")))
        let round = space.write("round.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
            <circle cx="100" cy="100" r="90" fill="#ff0000"/>
            </svg>
            """)
        let spec = ThumbnailSpec(width: 100, height: 100, mode: .fit, scales: [1])
        var jpegSpec = spec
        jpegSpec.format = .jpeg
        let plans = try [(opaque, spec), (round, spec), (round, jpegSpec)].map {
            try thumbnailer.plan(ThumbnailRequest(source: $0.0, spec: $0.1, stem: "t"))
        }
        XCTAssertEqual(thumbnailer.make(plans).errors, [])
        let files = plans.map { thumbnailer.cachedFile($0.images[0]) }
        XCTAssertEqual(try ThumbnailFixtures.inspect(files[0]).bands, 3, "opaque flag: alpha dropped")
        XCTAssertEqual(try ThumbnailFixtures.inspect(files[1]).bands, 4, "round emblem: alpha kept")
        // JPEG has no alpha: corners come out white, not black.
        let flattened = try ThumbnailFixtures.inspect(files[2], band: 1)
        XCTAssertEqual(flattened.bands, 3)
        XCTAssertGreaterThan(flattened.mean, 40)
    }
}
