import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// Broken, hostile and unsupported sources give clear errors naming the file, quickly,
/// and never leave a partial image in the cache.
final class HostileInputTests: XCTestCase {
    let fit = ThumbnailSpec(width: 115, height: 75, mode: .fit)
    let fill = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))

    private func planError(
        _ thumbnailer: Thumbnailer, _ source: URL, _ spec: ThumbnailSpec? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ThumbnailError? {
        do {
            let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec ?? fit, stem: "x"))
            XCTFail("planned \(source.lastPathComponent): \(plan.images)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.path, source.path, file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix(source.path + ": "), file: file, line: line)
            return error
        }
    }

    /// Plans (which must succeed: the header is fine) and makes; returns the one error.
    private func makeError(
        _ space: Workspace, _ thumbnailer: Thumbnailer, _ source: URL,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ThumbnailError? {
        let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: fill, stem: "x"))
        let report = thumbnailer.make([plan])
        XCTAssertEqual(report.made, 0, file: file, line: line)
        XCTAssertEqual(report.errors.count, 1, file: file, line: line)
        XCTAssertEqual(report.errors.first?.path, source.path, file: file, line: line)
        XCTAssertEqual(space.cacheContents(), [], "nothing, not even a temporary file, is left", file: file, line: line)
        return report.errors.first
    }

    func testAFileThatIsNotAnImageIsRefused() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let text = space.write("notes.jpg", "These are my travel notes, not a picture.\n")
        XCTAssertEqual(planError(thumbnailer, text)?.message.contains("not an image"), true)
        let empty = space.write("empty.png", "")
        XCTAssertEqual(planError(thumbnailer, empty)?.message, "the file is empty")
        let missing = space.url("missing.jpg")
        XCTAssertEqual(planError(thumbnailer, missing)?.message.contains("No such file"), true)
        let svgText = space.write("words.svg", "just words")
        XCTAssertEqual(planError(thumbnailer, svgText)?.message.contains("XML"), true)
    }

    func testATruncatedJPEGFailsInsteadOfComingOutGrey() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let whole = space.bytes(try space.photo("whole.jpg", width: 1000, height: 750))
        let cut = space.write("cut.jpg", bytes: Array(whole.prefix(whole.count / 2)))
        let error = try makeError(space, thumbnailer, cut)
        XCTAssertEqual(error?.message.contains("Premature end"), true, error?.message ?? "")
    }

    func testAPNGWithABadCRCFailsNamingTheCRC() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        var png = TestPNG.image(width: 300, height: 200, pixel: [10, 120, 200])
        let crc = TestPNG.crcOffset(of: "IDAT", in: png)!
        png[crc] ^= 0xFF
        let source = space.write("bad-crc.png", bytes: png)
        // libvips reports only "libpng read error"; the cause is in a GLib warning.
        let error = try makeError(space, thumbnailer, source)
        XCTAssertEqual(error?.message.contains("CRC error"), true, error?.message ?? "")
    }

    func testAHeaderFailureLibvipsOnlyLogsStillHasAMessage() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // A chunk whose type is not letters: libpng rejects it while reading the header and
        // libvips leaves its error buffer empty, logging a GLib warning only.
        let png = TestPNG.file([
            TestPNG.header(width: 10, height: 10),
            TestPNG.Chunk(type: "p1Ys", data: [0, 0, 0, 0]),
            TestPNG.Chunk(type: "IDAT", data: TestPNG.zlibStored([UInt8](repeating: 0, count: 310))),
            TestPNG.Chunk(type: "IEND", data: []),
        ])
        let source = space.write("odd-chunk.png", bytes: png)
        let error = planError(thumbnailer, source)
        XCTAssertEqual(error?.message.contains("invalid chunk type"), true, error?.message ?? "")
    }

    func testDecompressionBombsAreRefusedFromTheirHeaderAtOnce() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // 40000x40000 RGB would be 4.8 GB decoded; the file is a few bytes.
        let pngBomb = space.write("bomb.png", bytes: TestPNG.file([
            TestPNG.header(width: 40_000, height: 40_000),
            TestPNG.Chunk(type: "IDAT", data: TestPNG.zlibStored([0, 0, 0, 0])),
            TestPNG.Chunk(type: "IEND", data: []),
        ]))
        // A real JPEG whose frame header claims 60000x60000.
        var jpeg = space.bytes(try space.photo("small.jpg", width: 64, height: 48))
        let sof = (0..<jpeg.count - 9).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) }!
        jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        let jpegBomb = space.write("bomb.jpg", bytes: jpeg)

        let started = Date()
        for bomb in [pngBomb, jpegBomb] {
            let error = planError(thumbnailer, bomb, fill)
            XCTAssertEqual(error?.message.contains("over the limit of 100 megapixels"), true, error?.message ?? "")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    func testThePixelLimitIsConfigurable() throws {
        let space = Workspace()
        let photo = try space.photo("photo.jpg", width: 1000, height: 750)
        var limits = Limits()
        limits.maxPixels = 500_000
        let strict = try Thumbnailer(cacheDirectory: space.cache, limits: limits)
        XCTAssertEqual(planError(strict, photo)?.message.contains("1000x750"), true)
        XCTAssertNoThrow(try space.thumbnailer().plan(ThumbnailRequest(source: photo, spec: fit, stem: "p")))
    }

    func testSVGsOverTheSizeLimitAreNotParsed() throws {
        let space = Workspace()
        // Default limit: 10 MB.
        let padding = String(repeating: "<!-- padding padding padding padding padding padding -->\n", count: 190_000)
        let huge = space.write("huge.svg", TestSVG.flag().replacingOccurrences(of: "</svg>", with: padding + "</svg>"))
        let error = planError(try space.thumbnailer(), huge)
        XCTAssertEqual(error?.message.contains("over the limit of 10.0 MB"), true, error?.message ?? "")
        // Configurable.
        var limits = Limits()
        limits.maxSVGBytes = 200
        let flag = space.write("flag.svg", TestSVG.flag(size: ("900", "600")))
        XCTAssertEqual(planError(try Thumbnailer(cacheDirectory: space.cache, limits: limits), flag)?
            .message.contains("over the limit of 200 bytes"), true)
    }

    func testCompressedSVGAndEntityBombsAreRefused() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // gzip (as .svgz or disguised as .svg): a small file could inflate past any limit.
        let gzipped: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03] + [UInt8](repeating: 0, count: 20)
        for name in ["flag.svgz", "flag.svg"] {
            let error = planError(thumbnailer, space.write(name, bytes: gzipped))
            XCTAssertEqual(error?.message.hasPrefix("compressed SVG is not accepted"), true, error?.message ?? "")
        }
        // A billion laughs: nine levels of tenfold entity expansion.
        var entities = "<!ENTITY e0 \"laugh laugh laugh laugh laugh laugh laugh laugh\">\n"
        for level in 1...9 {
            entities += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">\n"
        }
        let laughs = space.write("laughs.svg", "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n" + entities + "]>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\"><text>&e9;</text></svg>\n")
        let started = Date()
        let error = planError(thumbnailer, laughs)
        XCTAssertEqual(error?.message.contains("entity reference loop"), true, error?.message ?? "")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    func testAnSVGNeedingAnAbsurdScaleIsRefusedNotRenderedAtFullSize() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // 10 million pixels square at its own scale; 115x75 needs a scale libvips would ignore.
        let giant = space.write("giant.svg", TestSVG.flag(size: ("10000000", "10000000")))
        let started = Date()
        let error = planError(thumbnailer, giant)
        XCTAssertEqual(error?.message.contains("scaled by"), true, error?.message ?? "")
        // A fill box that would need a huge render is refused by the pixel limit.
        let ribbon = space.write("ribbon.svg", TestSVG.flag(viewBox: (3000, 2)))
        let refused = planError(thumbnailer, ribbon, fill)
        XCTAssertEqual(refused?.message.contains("over the limit"), true, refused?.message ?? "")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(space.cacheContents(), [])
    }

    func testAnSVGWhoseViewBoxHasNoAreaIsRefusedNotMadeBlank() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        // Found by fuzzing: with only a height, the width from a viewBox of no height was
        // infinite; libvips made a picture one pixel wide and cairo drew nothing.
        let flat = space.write("flat.svg", TestSVG.flag(viewBox: (60, 0)).replacingOccurrences(
            of: "<svg ", with: "<svg height=\"600\" "))
        let zero = space.write("zero.svg", TestSVG.flag(viewBox: (0, 0), size: ("900", "600")))
        for file in [flat, zero] {
            let error = planError(thumbnailer, file)
            XCTAssertEqual(error?.message.contains("viewBox has no width or no height"), true, error?.message ?? "no error")
            XCTAssertEqual(error?.message.contains("viewBox=\"0 0 900 600\""), true, error?.message ?? "no error")
        }
        XCTAssertEqual(space.cacheContents(), [])
    }

    func testAnSVGWithALongXMLPrologueLoads() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let text = TestSVG.flag(size: ("900", "600"), prologue: TestSVG.longPrologue(over: 1200))
        let svgStart = text.range(of: "<svg")!.lowerBound
        XCTAssertGreaterThan(text.utf8.distance(from: text.startIndex, to: svgStart), 1000)
        let source = space.write("united-states.svg", text)
        // libvips' own sniffing does not recognise it...
        XCTAssertThrowsError(try ThumbnailFixtures.inspect(source))
        // ...but it is loaded as SVG.
        let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: fit, stem: "us"))
        XCTAssertEqual(plan.images.map(\.width), [113, 226])
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        XCTAssertEqual(try imageSize(thumbnailer.cachedFile(plan.images[1])).width, 226)
    }

    func testOtherFormatsAreRefusedWhateverTheirName() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let gif: [UInt8] = Array("GIF89a".utf8) + [
            0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x01, 0x00,
            0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
        ]
        let cases: [(String, [UInt8], String)] = [
            ("anim.gif", gif, "GIF"),
            ("disguised.png", gif, "GIF"),
            ("scan.tiff", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 64), "TIFF"),
            ("scan.jpg", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8] + [UInt8](repeating: 0, count: 64), "TIFF"),
            ("brochure.pdf", Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".utf8), "PDF"),
            ("brochure.webp", Array("%PDF-1.4\n%%EOF\n".utf8), "PDF"),
        ]
        for (name, bytes, label) in cases {
            let source = space.write(name, bytes: bytes)
            let error = planError(thumbnailer, source)
            XCTAssertEqual(error?.message.hasPrefix("\(label) is not an accepted image format"), true, "\(name): \(error?.message ?? "")")
        }
        // libvips itself has its other loaders blocked: even its generic loader refuses the GIF.
        XCTAssertThrowsError(try ThumbnailFixtures.inspect(space.url("anim.gif")))
    }

    func testAnSVGCannotPullInFilesBesideIt() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        space.write("secret.png", bytes: TestPNG.image(width: 100, height: 100, pixel: [255, 0, 0]))
        let source = space.write("sneaky.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
            <rect width="100" height="100" fill="#0000ff"/>
            <image href="secret.png" xlink:href="secret.png" width="100" height="100"/>
            </svg>
            """)
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: source, spec: ThumbnailSpec(width: 50, height: 50, mode: .fit, scales: [1]), stem: "s"))
        XCTAssertEqual(thumbnailer.make([plan]).errors, [])
        let made = thumbnailer.cachedFile(plan.images[0])
        XCTAssertLessThan(try ThumbnailFixtures.inspect(made, band: 0).mean, 5, "the red picture beside it was drawn")
        XCTAssertGreaterThan(try ThumbnailFixtures.inspect(made, band: 2).mean, 250)
    }

    func testBadSpecsAndStemsAreRefused() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let photo = try space.photo("p.jpg", width: 100, height: 100)
        let bad: [(ThumbnailSpec, String, String)] = [
            (ThumbnailSpec(width: 0, height: 75, mode: .fit), "p", "at least 1x1"),
            (ThumbnailSpec(width: 10, height: 10, mode: .fit, scales: []), "p", "scales"),
            (ThumbnailSpec(width: 10, height: 10, mode: .fit, scales: [1, 9]), "p", "scales"),
            (ThumbnailSpec(width: 10, height: 10, mode: .fit, format: .svg), "p", "only a source format"),
            (ThumbnailSpec(width: 20_000, height: 20_000, mode: .fit), "p", "over the limit"),
            (fit, "", "stem is empty"),
            (fit, "cities/paris", "contains \"/\""),
            (fit, ".hidden", "starts with a dot"),
        ]
        for (spec, stem, expected) in bad {
            do {
                _ = try thumbnailer.plan(ThumbnailRequest(source: photo, spec: spec, stem: stem))
                XCTFail("accepted \(spec) \(stem)")
            } catch {
                XCTAssertTrue(error.message.contains(expected), "\(error.message) lacks \(expected)")
            }
        }
    }
}
