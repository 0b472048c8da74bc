import Foundation
import XCTest
import Locking
@testable import Thumbnails
import ThumbnailsTestSupport

/// Many plans at once, across the cores, with broken sources among them.
final class BatchTests: XCTestCase {
    func testAParallelBatchMakesEverythingAndNamesEachBrokenSourceWithItsOwnCause() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let card = ThumbnailSpec(width: 250, height: 188, mode: .fill(.attention))
        let flag = ThumbnailSpec(width: 115, height: 75, mode: .fit)
        var plans: [ThumbnailPlan] = []
        for index in 0..<24 {
            let photo = try space.photo("city\(index).jpg", width: 1000, height: 750, seed: index)
            plans.append(try thumbnailer.plan(ThumbnailRequest(source: photo, spec: card, stem: "city\(index)")))
            let svg = space.write("flag\(index).svg", TestSVG.flag(viewBox: (3 + index % 3, 2)))
            plans.append(try thumbnailer.plan(ThumbnailRequest(source: svg, spec: flag, stem: "flag\(index)")))
        }
        // Broken ones whose headers are fine, so they fail while the others are being made.
        let whole = space.bytes(try space.photo("whole.jpg", width: 1000, height: 750, seed: 99))
        let cut = space.write("cut.jpg", bytes: Array(whole.prefix(whole.count / 3)))
        var png = TestPNG.image(width: 400, height: 300, pixel: [1, 2, 3])
        png[TestPNG.crcOffset(of: "IDAT", in: png)!] ^= 0x55
        let crc = space.write("crc.png", bytes: png)
        for (index, broken) in [cut, crc, cut, crc].enumerated() {
            plans.insert(try thumbnailer.plan(ThumbnailRequest(source: broken, spec: card, stem: "b\(index)")), at: index * 12)
        }

        let report = thumbnailer.make(plans)
        XCTAssertEqual(report.made, 96)
        XCTAssertEqual(report.reused, 0)
        // Each broken file is read once for all the plans naming it, and reported once.
        XCTAssertEqual(report.errors.map(\.path).sorted(), [crc.path, cut.path].sorted())
        for error in report.errors {
            switch error.path {
            case cut.path:
                XCTAssertTrue(error.message.contains("Premature end"), error.message)
                XCTAssertFalse(error.message.contains("CRC"), error.message)
            case crc.path:
                XCTAssertTrue(error.message.contains("CRC error"), error.message)
                XCTAssertFalse(error.message.contains("Premature"), error.message)
            default:
                XCTFail("unexpected error \(error)")
            }
        }
        let made = Set(space.cacheContents())
        for plan in plans where plan.request.source != cut && plan.request.source != crc {
            XCTAssertTrue(plan.images.allSatisfy { made.contains($0.fileName) })
        }
        XCTAssertEqual(made.count, 96, "no temporary files left")
    }

    func testPlanningFromManyThreadsAgrees() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let sources = try (0..<6).map { try space.photo("p\($0).jpg", width: 640, height: 480, seed: $0) }
        let spec = ThumbnailSpec(width: 120, height: 90, mode: .fill(.centre))
        let expected = try sources.map { try thumbnailer.plan(ThumbnailRequest(source: $0, spec: spec, stem: "p")) }
        let fresh = try space.thumbnailer()
        let results = Locked([ThumbnailPlan?](repeating: nil, count: 60))
        DispatchQueue.concurrentPerform(iterations: 60) { index in
            let plan = try? fresh.plan(ThumbnailRequest(source: sources[index % 6], spec: spec, stem: "p"))
            results.withLock { $0[index] = plan }
        }
        XCTAssertEqual(results.withLock { $0 }, (0..<60).map { expected[$0 % 6] })
    }

    /// A build links each thumbnail into its output as soon as `placed` names it.
    func testEachImageIsPlacedOnceWhenItIsWholeInTheCacheAndABrokenSourcesNever() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let card = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))
        let small = ThumbnailSpec(width: 125, height: 94, mode: .fill(.centre))
        let photos = try (0..<6).map { try space.photo("p\($0).jpg", width: 1000, height: 750, seed: $0) }
        var plans = try photos.flatMap { photo in
            try [card, small].map { try thumbnailer.plan(ThumbnailRequest(source: photo, spec: $0, stem: "p")) }
        }
        // Made by an earlier batch: in the cache already.
        XCTAssertTrue(thumbnailer.make([plans[0]]).errors.isEmpty)
        let whole = space.bytes(photos[0])
        let cut = space.write("cut.jpg", bytes: Array(whole.prefix(whole.count / 3)))
        let broken = try thumbnailer.plan(ThumbnailRequest(source: cut, spec: card, stem: "cut"))
        plans.append(broken)

        let placed = Locked<[String]>([])
        let report = thumbnailer.make(plans + [plans[3]], placed: { images in
            for image in images {
                XCTAssertTrue(FileManager.default.fileExists(atPath: thumbnailer.cachedFile(image).path), image.fileName)
            }
            placed.withLock { $0 += images.map(\.fileName) }
        })
        XCTAssertEqual(report.errors.map(\.path), [cut.path])
        let names = placed.value
        XCTAssertEqual(names.count, Set(names).count, "each once")
        let expected = Set(plans.dropLast().flatMap { $0.images.map(\.fileName) })
        XCTAssertEqual(Set(names), expected, "made now or found in the cache; none of the broken source's")
    }

    func testTheSamePlanTwiceInABatchIsMadeOnce() throws {
        let space = Workspace()
        let thumbnailer = try space.thumbnailer()
        let source = try space.photo("p.jpg", width: 640, height: 480)
        let plan = try thumbnailer.plan(ThumbnailRequest(
            source: source, spec: ThumbnailSpec(width: 120, height: 90, mode: .fit), stem: "p"))
        let report = thumbnailer.make([plan, plan, plan])
        XCTAssertEqual([report.made, report.reused, report.errors.count], [2, 4, 0])
    }
}

/// Presets asking for one size of one photo share one file.
final class SharedSizeTests: XCTestCase {
    func testAPhotosListTwoXAndPageOneXAreOneFileWithTheBytesEitherWouldMake() throws {
        let space = Workspace()
        let source = try space.photo("p.jpg", width: 1000, height: 750, seed: 7)
        let small = ThumbnailSpec(width: 125, height: 94, mode: .fill(.centre))
        let card = ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre))
        let thumbnailer = try space.thumbnailer()
        let listPlan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: small, stem: "p"))
        let pagePlan = try thumbnailer.plan(ThumbnailRequest(source: source, spec: card, stem: "p"))
        XCTAssertEqual(listPlan.images[1].fileName, pagePlan.images[0].fileName)
        let report = thumbnailer.make([listPlan, pagePlan])
        XCTAssertEqual([report.made, report.reused, report.errors.count], [3, 1, 0])
        let shared = space.bytes(thumbnailer.cachedFile(pagePlan.images[0]))

        // Made for either preset alone, the file is the same.
        for plan in [listPlan, pagePlan] {
            let alone = Workspace()
            let other = try alone.thumbnailer()
            let copy = alone.write("p.jpg", bytes: space.bytes(source))
            let replanned = try other.plan(ThumbnailRequest(source: copy, spec: plan.request.spec, stem: "p"))
            XCTAssertTrue(other.make([replanned]).errors.isEmpty)
            XCTAssertEqual(alone.bytes(other.cachedFile(replanned.images.first { $0.width == 250 }!)), shared)
        }
    }

    func testDrawingsKeepAFilePerPresetSinceTheyAreRenderedAtThePresetsLargestSize() throws {
        let space = Workspace()
        let svg = space.write("f.svg", TestSVG.flag(viewBox: (3, 2)))
        let thumbnailer = try space.thumbnailer()
        let small = try thumbnailer.plan(ThumbnailRequest(
            source: svg, spec: ThumbnailSpec(width: 60, height: 40, mode: .fit), stem: "f"))
        let large = try thumbnailer.plan(ThumbnailRequest(
            source: svg, spec: ThumbnailSpec(width: 120, height: 80, mode: .fit), stem: "f"))
        XCTAssertNotEqual(small.images[1].fileName, large.images[0].fileName)
    }
}
