import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// The sizes `plan` promises (written into <img> before anything is made) are exactly the
/// sizes `make` produces, for every shape of source and every mode.
final class PlannedSizeTests: XCTestCase {
    private func plans(
        _ thumbnailer: Thumbnailer, _ source: URL, _ specs: [ThumbnailSpec]
    ) throws -> [ThumbnailPlan] {
        try specs.enumerated().map { index, spec in
            try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "pic\(index)"))
        }
    }

    private func sizes(_ plan: ThumbnailPlan) -> [String] {
        plan.images.map { "\($0.scale)x:\($0.width)x\($0.height)" }
    }

    /// Makes `plans` and checks each file against its plan.
    private func assertMadeAsPlanned(
        _ thumbnailer: Thumbnailer, _ plans: [ThumbnailPlan], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let report = thumbnailer.make(plans)
        XCTAssertEqual(report.errors, [], file: file, line: line)
        for plan in plans {
            for image in plan.images {
                let made = try imageSize(thumbnailer.cachedFile(image))
                XCTAssertEqual(
                    "\(made.width)x\(made.height)", "\(image.width)x\(image.height)",
                    "\(plan.request.source.lastPathComponent) \(plan.request.spec.mode) \(image.scale)x",
                    file: file, line: line)
            }
        }
    }

    func testRasterSourcesOfManyShapesComeOutAtThePlannedSizes() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let specs = [
            ThumbnailSpec(width: 115, height: 75, mode: .fit),
            ThumbnailSpec(width: 88, height: 49, mode: .fit),
            ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)),
            ThumbnailSpec(width: 120, height: 90, mode: .fill(.attention)),
            ThumbnailSpec(width: 360, height: 240, mode: .fit, scales: [1, 2, 3]),
        ]
        let shapes = [(1000, 750), (750, 1000), (1, 1000), (3000, 2), (333, 777), (150, 100), (50, 40)]
        var all: [ThumbnailPlan] = []
        for (index, (width, height)) in shapes.enumerated() {
            let source = try space.photo("shape\(index).jpg", width: width, height: height, seed: index)
            all += try plans(thumbnailer, source, specs)
        }
        try assertMadeAsPlanned(thumbnailer, all)
    }

    func testSizesOfLandscapePortraitAndExtremeSources() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let fit = ThumbnailSpec(width: 115, height: 75, mode: .fit)
        let fill = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))
        func check(_ width: Int, _ height: Int, _ spec: ThumbnailSpec, _ expected: [String], limited: Bool) throws {
            let source = try space.photo("\(width)x\(height).png", width: width, height: height, format: "png")
            let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "p"))
            XCTAssertEqual(sizes(plan), expected, "\(width)x\(height) \(spec.mode)")
            XCTAssertEqual(plan.limitedBySource, limited, "\(width)x\(height) \(spec.mode)")
            XCTAssertEqual([plan.sourceWidth, plan.sourceHeight], [width, height])
        }
        try check(1000, 750, fit, ["1x:100x75", "2x:200x150"], limited: false)
        try check(750, 1000, fit, ["1x:56x75", "2x:112x150"], limited: false)
        try check(1, 1000, fit, ["1x:1x75", "2x:1x150"], limited: false)
        try check(3000, 2, fit, ["1x:115x1", "2x:230x2"], limited: false)
        try check(1000, 750, fill, ["1x:250x188", "2x:500x376"], limited: false)
        try check(750, 1000, fill, ["1x:250x188", "2x:500x376"], limited: false)
        // Too small for the 2x without upscaling: the 2x is as large as the source allows...
        try check(150, 100, fit, ["1x:113x75", "2x:150x100"], limited: true)
        try check(400, 300, fill, ["1x:250x188", "2x:399x300"], limited: true)
        // ...and left out when it could be no larger than the 1x.
        try check(50, 40, fit, ["1x:50x40"], limited: true)
        try check(3000, 2, fill, ["1x:3x2"], limited: true)
        try check(250, 188, fill, ["1x:250x188"], limited: true)
    }

    func testUpscalingOnlyWhenAsked() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let source = try space.photo("small.jpg", width: 50, height: 40)
        var spec = ThumbnailSpec(width: 115, height: 75, mode: .fit, allowUpscale: true)
        let enlarged = try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "up"))
        XCTAssertEqual(sizes(enlarged), ["1x:94x75", "2x:188x150"])
        XCTAssertFalse(enlarged.limitedBySource)
        spec.mode = .fill(.centre)
        let filled = try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "up"))
        XCTAssertEqual(sizes(filled), ["1x:115x75", "2x:230x150"])
        try assertMadeAsPlanned(thumbnailer, [enlarged, filled])
    }

    func testSVGsRenderAtTheNeededSizeWithOrWithoutWidthAndHeight() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let sized = space.write("sized.svg", TestSVG.flag(size: ("900", "600")))
        let viewBoxOnly = space.write("viewbox.svg", TestSVG.flag(viewBox: (1000, 500)))
        let tiny = space.write("tiny.svg", TestSVG.flag(viewBox: (3, 2)))
        let tall = space.write("tall.svg", TestSVG.flag(viewBox: (10, 1000)))
        let fit = ThumbnailSpec(width: 115, height: 75, mode: .fit)
        let gallery = ThumbnailSpec(width: 88, height: 49, mode: .fit)
        let fill = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))

        let plans = try [sized, viewBoxOnly, tiny, tall].flatMap { try self.plans(thumbnailer, $0, [fit, gallery, fill]) }
        XCTAssertEqual(sizes(plans[0]), ["1x:113x75", "2x:226x150"])
        XCTAssertEqual([plans[0].sourceWidth, plans[0].sourceHeight], [900, 600])
        XCTAssertEqual(sizes(plans[3]), ["1x:115x58", "2x:230x116"])
        XCTAssertEqual([plans[3].sourceWidth, plans[3].sourceHeight], [1000, 500])
        // A vector source is never "too small": 3x2 user units render at 112.5x75.
        XCTAssertEqual(sizes(plans[6]), ["1x:113x75", "2x:226x150"])
        XCTAssertFalse(plans[6].limitedBySource)
        XCTAssertEqual(sizes(plans[8]), ["1x:250x188", "2x:500x376"])
        XCTAssertEqual(sizes(plans[9]), ["1x:1x75", "2x:2x150"])
        try assertMadeAsPlanned(thumbnailer, plans)
        XCTAssertTrue(plans.allSatisfy { $0.images.allSatisfy { $0.fileName.hasSuffix(".png") } })
    }

    func testEveryOutputFormatHasTheRightEncodingAndSize() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let photo = try space.photo("city.jpg", width: 1000, height: 750)
        let flag = space.write("flag.svg", TestSVG.flag(size: ("900", "600")))
        let signatures: [ImageFormat: (offset: Int, bytes: [UInt8])] = [
            .png: (0, [0x89, 0x50, 0x4E, 0x47]), .pngPalette: (0, [0x89, 0x50, 0x4E, 0x47]), .pngAdaptive: (0, [0x89, 0x50, 0x4E, 0x47]),
            .jpeg: (0, [0xFF, 0xD8, 0xFF]), .webp: (8, Array("WEBP".utf8)), .webpLossless: (12, Array("VP8L".utf8)),
            .webpAdaptive: (12, Array("VP8L".utf8)), .avif: (4, Array("ftypavif".utf8)),
        ]
        var plans: [ThumbnailPlan] = []
        for format in [ImageFormat.png, .pngPalette, .pngAdaptive, .jpeg, .webp, .webpLossless, .webpAdaptive, .avif] {
            plans.append(try thumbnailer.plan(ThumbnailRequest(
                source: photo, spec: ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre), format: format),
                stem: "city")))
            plans.append(try thumbnailer.plan(ThumbnailRequest(
                source: flag, spec: ThumbnailSpec(width: 115, height: 75, mode: .fit, format: format), stem: "flag")))
        }
        try assertMadeAsPlanned(thumbnailer, plans)
        for plan in plans {
            let format = plan.request.spec.format!
            for image in plan.images {
                XCTAssertTrue(image.fileName.hasSuffix("." + format.fileExtension), image.fileName)
                let bytes = space.bytes(thumbnailer.cachedFile(image))
                let signature = signatures[format]!
                if format == .webpLossless || format == .webpAdaptive {
                    // After the VP8X header: a lossless (VP8L) bitstream, not a lossy (VP8) one.
                    XCTAssertNotNil(bytes.firstRange(of: signature.bytes), "\(image.fileName) is not \(format)")
                    XCTAssertNil(bytes.firstRange(of: Array("VP8 ".utf8)), "\(image.fileName) is not \(format)")
                    continue
                }
                XCTAssertEqual(Array(bytes[signature.offset..<signature.offset + signature.bytes.count]), signature.bytes,
                               "\(image.fileName) is not \(format)")
            }
        }
        // Defaults follow the picture: adaptive palette PNG for drawings (SVG, flat PNG), JPEG for opaque
        // photographs whatever they were given as, PNG for photographs with transparency.
        let photoPNG = try space.photo("photo.png", width: 300, height: 200, format: "png")
        let webp = try space.photo("photo.webp", width: 300, height: 200, format: "webp")
        // A PNG stored with a palette, and one that compresses like flat colour.
        let drawing = space.write("drawing.png", bytes: TestPNG.file([
            TestPNG.header(width: 300, height: 200, colourType: 3), TestPNG.Chunk(type: "PLTE", data: [0, 85, 164]),
            TestPNG.Chunk(type: "IDAT", data: TestPNG.zlibStored([UInt8](repeating: 0, count: 301 * 200))),
            TestPNG.Chunk(type: "IEND", data: []),
        ]))
        let ramp = try space.photo("ramp.png", width: 300, height: 200, format: "png", sigma: 0)
        var noise = SystemRandomNumberGenerator()
        var raw: [UInt8] = []
        for _ in 0..<120 {
            raw.append(0)
            for _ in 0..<160 { raw += [UInt8.random(in: 0...255, using: &noise), 90, 40, UInt8.random(in: 0...255, using: &noise)] }
        }
        let cutOut = space.write("cut-out.png", bytes: TestPNG.file([
            TestPNG.header(width: 160, height: 120, colourType: 6), TestPNG.Chunk(type: "IDAT", data: TestPNG.zlibStored(raw)),
            TestPNG.Chunk(type: "IEND", data: []),
        ]))
        let auto = ThumbnailSpec(width: 100, height: 100, mode: .fit)
        for (source, format) in [(flag, ImageFormat.pngAdaptive), (drawing, .pngAdaptive), (ramp, .pngAdaptive), (photoPNG, .jpeg), (photo, .jpeg),
                                 (webp, .jpeg), (cutOut, .png)] {
            let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: auto, stem: "auto"))
            XCTAssertTrue(plan.images[0].fileName.hasSuffix("." + format.fileExtension), "\(source.lastPathComponent): \(plan.images[0].fileName)")
            XCTAssertEqual(thumbnailer.make([plan]).errors, [])
            let bytes = space.bytes(thumbnailer.cachedFile(plan.images[0]))
            if format.fileExtension == "png" {
                // Colour type (byte 25): 3 for a palette, 6 for RGBA.
                XCTAssertEqual(bytes[25], format == .pngAdaptive ? 3 : 6, source.lastPathComponent)
            } else {
                XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], source.lastPathComponent)
            }
        }
    }

    func testWebPAndPNGSourcesAreReadToo() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let spec = ThumbnailSpec(width: 250, height: 188, mode: .fill(.attention))
        let plans = try [
            space.photo("a.webp", width: 800, height: 600, format: "webp"),
            space.photo("b.png", width: 640, height: 960, format: "png"),
        ].map { try thumbnailer.plan(ThumbnailRequest(source: $0, spec: spec, stem: "x")) }
        XCTAssertEqual(plans.map(sizes), [["1x:250x188", "2x:500x376"], ["1x:250x188", "2x:500x376"]])
        try assertMadeAsPlanned(thumbnailer, plans)
    }

    func testAttentionCropKeepsTheInterestingPartWhereCentreCropKeepsTheMiddle() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // Grey, with a red disc near the right edge (truecolour: the crop, not the colours, is tested).
        let source = space.write("scene.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="400">
            <rect width="1000" height="400" fill="#808080"/>
            <circle cx="880" cy="200" r="100" fill="#ff0000"/>
            </svg>
            """)
        func redness(_ crop: Crop) throws -> Double {
            let plan = try thumbnailer.plan(ThumbnailRequest(
                source: source, spec: ThumbnailSpec(width: 100, height: 100, mode: .fill(crop), format: .png, scales: [1]),
                stem: "s"))
            XCTAssertEqual(thumbnailer.make([plan]).errors, [])
            let file = thumbnailer.cachedFile(plan.images[0])
            return try ThumbnailFixtures.inspect(file, band: 0).mean - ThumbnailFixtures.inspect(file, band: 1).mean
        }
        XCTAssertLessThan(try redness(.centre), 1)
        XCTAssertGreaterThan(try redness(.attention), 50)
    }

    func testHigherScalesAreExactMultiplesOfTheFirstWhenTheSourceAllows() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let sources = [
            try space.photo("wide.jpg", width: 1600, height: 533),
            try space.photo("tall.jpg", width: 700, height: 1100),
            space.write("flag.svg", TestSVG.flag(size: ("1235", "650"))),
        ]
        for source in sources {
            for spec in [ThumbnailSpec(width: 115, height: 75, mode: .fit, scales: [1, 2, 3]),
                         ThumbnailSpec(width: 88, height: 49, mode: .fit, scales: [1, 2, 3])] {
                let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "m"))
                let first = plan.images[0]
                XCTAssertEqual(plan.images.map { [$0.width, $0.height] },
                               [1, 2, 3].map { [first.width * $0, first.height * $0] }, source.lastPathComponent)
                try assertMadeAsPlanned(thumbnailer, [plan])
            }
        }
    }

    func testGeometryDropsOnlyScalesTheSourceCannotImproveOn() {
        let source = PixelSize(width: 300, height: 200)
        let spec = ThumbnailSpec(width: 100, height: 100, mode: .fit, scales: [3, 1, 2, 2, 4])
        let (sizes, limited) = ThumbnailGeometry.plan(source: source, spec: spec, vector: false)
        XCTAssertEqual(sizes.map(\.scale), [1, 2, 3])
        XCTAssertEqual(sizes.map(\.size), [
            PixelSize(width: 100, height: 67), PixelSize(width: 200, height: 134), PixelSize(width: 300, height: 200),
        ])
        XCTAssertTrue(limited)
    }
}
