import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Plain JPEG photos go the direct way (libjpeg and our own resampler); everything else
/// through libvips. The direct way must draw the same pictures, and step aside for anything
/// it does not handle.
final class DirectPathTests: XCTestCase {
    private func recipes(source: PixelSize, in space: Workspace, prefix: String) -> [Vips.Recipe] {
        func outputs(_ sizes: [PixelSize], _ name: String) -> [Vips.Output] {
            sizes.map { Vips.Output(size: $0, format: .jpeg, path: space.url("\(prefix)-\(name)-\($0.width).jpg").path) }
        }
        func sizes(_ spec: ThumbnailSpec) -> [PixelSize] {
            ThumbnailGeometry.plan(source: source, spec: spec, vector: false).sizes.map(\.size)
        }
        let card = sizes(ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)))
        let small = sizes(ThumbnailSpec(width: 120, height: 90, mode: .fill(.centre)))
        let fit = sizes(ThumbnailSpec(width: 115, height: 75, mode: .fit))
        return [
            Vips.Recipe(format: .jpeg, source: source, mode: .fill(.centre), largest: card.last!, outputs: outputs(card, "card")),
            Vips.Recipe(format: .jpeg, source: source, mode: .fill(.centre), largest: small.last!, outputs: outputs(small, "small")),
            Vips.Recipe(format: .jpeg, source: source, mode: .fit, largest: fit.last!, outputs: outputs(fit, "fit")),
        ]
    }

    func testPlainPhotosComeOutAsLibvipsDrawsThemAtThePlannedSizes() throws {
        let space = Workspace()
        for (index, size) in [(1000, 750), (1001, 757), (600, 900), (333, 250)].enumerated() {
            let source = PixelSize(width: size.0, height: size.1)
            let photo = try space.photo("p\(index).jpg", width: size.0, height: size.1, seed: index + 3)
            let bytes = space.bytes(photo)
            let direct = recipes(source: source, in: space, prefix: "direct\(index)")
            let library = recipes(source: source, in: space, prefix: "vips\(index)")
            XCTAssertTrue(Vips.renderDirect(bytes, direct), "a plain JPEG takes the direct path")
            for recipe in library { try Vips.render(bytes, [recipe]) }
            for (ours, theirs) in zip(direct.flatMap(\.outputs), library.flatMap(\.outputs)) {
                let inspection = try ThumbnailFixtures.inspect(URL(filePath: ours.path))
                XCTAssertEqual(PixelSize(width: inspection.width, height: inspection.height), ours.size, ours.path)
                XCTAssertEqual(inspection.bands, 3)
                XCTAssertFalse(inspection.hasEXIF)
                // Same picture, same crop: only resampling and encoding differ.
                let difference = try ThumbnailFixtures.difference(URL(filePath: ours.path), URL(filePath: theirs.path))
                XCTAssertLessThan(difference, 4, "\(ours.path) vs \(theirs.path)")
            }
        }
    }

    func testRotatedDamagedAndOtherFormatsStepAside() throws {
        let space = Workspace()
        let source = PixelSize(width: 640, height: 480)
        let card = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))
        let sizes = ThumbnailGeometry.plan(source: source, spec: card, vector: false).sizes.map(\.size)
        func recipe(_ format: SourceFormat, _ mode: ThumbnailMode = .fill(.centre)) -> Vips.Recipe {
            Vips.Recipe(
                format: format, source: source, mode: mode, largest: sizes.last!,
                outputs: sizes.map { Vips.Output(size: $0, format: .jpeg, path: space.url("o\($0.width).jpg").path) })
        }
        let rotated = space.bytes(try space.photo("r.jpg", width: 480, height: 640, orientation: 6))
        XCTAssertTrue(Vips.renderDirect(rotated, [recipe(.jpeg)]), "EXIF orientation 6 is turned upright by the direct path")
        let upright = space.bytes(try space.photo("u.jpg", width: 640, height: 480, orientation: 1, exifText: "me"))
        XCTAssertTrue(Vips.renderDirect(upright, [recipe(.jpeg)]), "EXIF orientation 1 is plain")
        let whole = space.bytes(try space.photo("w.jpg", width: 640, height: 480))
        XCTAssertFalse(Vips.renderDirect(Array(whole.prefix(whole.count / 2)), [recipe(.jpeg)]), "truncated")
        XCTAssertFalse(Vips.renderDirect(whole, [recipe(.jpeg, .fill(.attention))]), "attention crops use libvips")
        let png = space.bytes(try space.photo("p.png", width: 640, height: 480, format: "png"))
        XCTAssertFalse(Vips.renderDirect(png, [recipe(.png)]))
        XCTAssertFalse(Vips.renderDirect(Array("not a picture".utf8), [recipe(.jpeg)]))
    }
}
