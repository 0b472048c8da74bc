import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// The content-addressed cache: names change exactly when outputs would, a rebuild encodes
/// nothing unchanged, files appear whole, stale ones can be pruned.
final class CacheTests: XCTestCase {
    let card = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))

    func testASecondRunMakesNothingAndReusesEverything() throws {
        let space = Workspace()
        let sources = try (0..<4).map { try space.photo("city\($0).jpg", width: 800, height: 600, seed: $0) }
            + [space.write("flag.svg", TestSVG.flag(size: ("900", "600")))]
        func plans(_ thumbnailer: Thumbnailer) throws -> [ThumbnailPlan] {
            try sources.map { try thumbnailer.plan(ThumbnailRequest(source: $0, spec: card, stem: "c")) }
        }
        let first = try space.thumbnailer()
        let firstPlans = try plans(first)
        let report = first.make(firstPlans)
        XCTAssertEqual([report.made, report.reused, report.errors.count], [10, 0, 0])
        let stamps = try space.cacheContents().map {
            try FileManager.default.attributesOfItem(atPath: space.cache.appending(path: $0).path)[.modificationDate] as! Date
        }

        // A new run (a new process, the output folder deleted) plans the same names and encodes nothing.
        let second = try space.thumbnailer()
        let secondPlans = try plans(second)
        XCTAssertEqual(secondPlans, firstPlans)
        let again = second.make(secondPlans)
        XCTAssertEqual([again.made, again.reused, again.errors.count], [0, 10, 0])
        XCTAssertEqual(try space.cacheContents().map {
            try FileManager.default.attributesOfItem(atPath: space.cache.appending(path: $0).path)[.modificationDate] as! Date
        }, stamps)

        // A deleted cache file is made again, alone.
        try FileManager.default.removeItem(at: second.cachedFile(secondPlans[2].images[1]))
        let repair = second.make(secondPlans)
        XCTAssertEqual([repair.made, repair.reused], [1, 9])
    }

    func testChangedSourceBytesGiveNewNamesAndAreEncodedAgain() throws {
        let space = Workspace()
        let source = try space.photo("paris.jpg", width: 800, height: 600, seed: 1)
        let thumbnailer = try space.thumbnailer()
        let before = try thumbnailer.plan(ThumbnailRequest(source: source, spec: card, stem: "paris"))
        XCTAssertEqual(thumbnailer.make([before]).made, 2)

        try space.photo("paris.jpg", width: 800, height: 600, seed: 2)
        let after = try thumbnailer.plan(ThumbnailRequest(source: source, spec: card, stem: "paris"))
        XCTAssertEqual(Set(after.images.map(\.fileName)).intersection(before.images.map(\.fileName)), [])
        let report = thumbnailer.make([after])
        XCTAssertEqual([report.made, report.reused], [2, 0])
    }

    func testNamesCarryTheStemAShortHashAndTheExtensionAndDependOnEverySetting() throws {
        let space = Workspace()
        let source = try space.photo("france.png", width: 900, height: 600, format: "png")
        let thumbnailer = try space.thumbnailer()
        func names(_ spec: ThumbnailSpec, stem: String = "france") throws -> [String] {
            try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: stem)).images.map(\.fileName)
        }
        let base = ThumbnailSpec(width: 115, height: 75, mode: .fit)
        let plain = try names(base)
        for name in plain {
            let parts = name.split(separator: ".")
            XCTAssertEqual(parts.count, 3, name)
            XCTAssertEqual(parts[0], "france")
            XCTAssertEqual(parts[1].count, 8)
            XCTAssertTrue(parts[1].allSatisfy { "0123456789abcdef".contains($0) }, name)
            XCTAssertEqual(parts[2], "jpg", "an opaque photograph given as PNG becomes JPEG")
        }
        XCTAssertEqual(Set(plain).count, 2, "the 1x and 2x differ")
        XCTAssertEqual(try names(base), plain, "stable")
        var variants: [ThumbnailSpec] = []
        for change in 0..<6 {
            var spec = base
            switch change {
            case 0: spec.width = 116
            case 1: spec.height = 76
            case 2: spec.mode = .fill(.centre)
            case 3: spec.format = .webp
            case 4: spec.allowUpscale = true
            default: spec.scales = [1, 3]
            }
            variants.append(spec)
        }
        for spec in variants {
            XCTAssertNotEqual(try names(spec)[0], plain[0], "\(spec)")
        }
        XCTAssertNotEqual(try names(ThumbnailSpec(width: 115, height: 75, mode: .fill(.attention))),
                          try names(ThumbnailSpec(width: 115, height: 75, mode: .fill(.centre))))
        XCTAssertEqual(try names(base, stem: "fr")[0].dropFirst(3), plain[0].dropFirst(7))
    }

    func testPruneDeletesOnlyStaleThumbnails() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let sources = try (0..<3).map { try space.photo("p\($0).jpg", width: 400, height: 300, seed: $0) }
        let plans = try sources.map { try thumbnailer.plan(ThumbnailRequest(source: $0, spec: card, stem: "p")) }
        XCTAssertEqual(thumbnailer.make(plans).made, 6)
        let unrelated = space.cache.appending(path: "notes.txt")
        try Data("mine".utf8).write(to: unrelated)
        let oldTemporary = space.cache.appending(path: ".p.0123abcd.jpg.42.tmp")
        try Data().write(to: oldTemporary)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: oldTemporary.path)

        // Names only like a thumbnail's are not the cache's to remove.
        let lookalikes = ["p.0123ABCD.jpg", "p.0123abc.jpg", ".0123abcd.jpg", "p.0123abcd.gif", "p.0123abcd.jpg.bak", "0123abcd.jpg"]
        for name in lookalikes { try Data("mine".utf8).write(to: space.cache.appending(path: name)) }

        let keep = Set(plans[0].images.map(\.fileName))
        XCTAssertEqual(try thumbnailer.prune(keeping: keep), 5)
        XCTAssertEqual(space.cacheContents(), (Array(keep) + ["notes.txt"] + lookalikes).sorted())
        XCTAssertTrue(FileManager.default.fileExists(atPath: space.cache.appending(path: "CACHEDIR.TAG").path))
        XCTAssertEqual(try thumbnailer.prune(keeping: keep), 0)
    }

    func testASourceChangedBetweenPlanAndMakeIsAnError() throws {
        let space = Workspace()
        let source = try space.photo("moving.jpg", width: 400, height: 300, seed: 1)
        let thumbnailer = try space.thumbnailer()
        let plan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: card, stem: "m"))
        try space.photo("moving.jpg", width: 400, height: 300, seed: 9)
        let report = thumbnailer.make([plan])
        XCTAssertEqual(report.errors.map(\.path), [source.path])
        XCTAssertEqual(report.errors.first?.message.contains("changed"), true)
        XCTAssertEqual(space.cacheContents(), [])
    }

    func testTheCacheFolderIsCreatedAndTagged() throws {
        let space = Workspace()
        let nested = space.url("a/b/cache")
        let thumbnailer = try Thumbnailer(cacheDirectory: nested)
        let tag = try String(contentsOf: nested.appending(path: "CACHEDIR.TAG"), encoding: .utf8)
        XCTAssertTrue(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
        let image = PlannedImage(scale: 1, fileName: "x.0123abcd.png", width: 1, height: 1)
        XCTAssertEqual(thumbnailer.cachedFile(image).path, nested.appending(path: "x.0123abcd.png").path)

        space.write("file", "not a folder")
        do {
            _ = try Thumbnailer(cacheDirectory: space.url("file/cache"))
            XCTFail("made a cache inside a file")
        } catch {
            XCTAssertEqual(error.path, space.url("file/cache").path)
            XCTAssertTrue(error.message.contains("cannot create the thumbnail cache folder"), error.message)
        }
    }
}
