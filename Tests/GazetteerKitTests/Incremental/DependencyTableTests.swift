import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental
import Locking

/// The manifest's table of dependencies: positions are stable while pages refer to them, and
/// a table mostly read by no page is compacted without reordering what is kept.
final class DependencyTableTests: XCTestCase {
    private let a = Dependency.frontMatter("content/cities/a.md")
    private let b = Dependency.body("content/cities/a.md")
    private let c = Dependency.template("city")

    func testPositionsKeepThePreviousTableAndAppendWhatIsNew() {
        var table = DependencyTable([a, b])
        XCTAssertEqual(table.positions(of: [b, c, a], before: [0, 1]), [1, 2, 0])
        XCTAssertEqual(table.items, [a, b, c])
        // What a page read before is looked at first; anything else is still found.
        XCTAssertEqual(table.positions(of: [c, b], before: [1]), [2, 1])
        XCTAssertEqual(table.positions(of: [a], before: nil), [0])
        XCTAssertEqual(table.items, [a, b, c])
    }

    /// What a page did not read last time is found along the table when it is a few, through a
    /// table of every position when it is many: the same positions either way, appended once.
    func testAFewNewReadsAndManyGiveTheSamePositions() {
        let items = (0..<40).map { Dependency.frontMatter("content/cities/c\($0).md") }
        let new = (0..<30).map { Dependency.body("content/cities/c\($0).md") }
        for count in [1, 16, 17, 30] {
            let read = [items[3], items[35]] + Array(new.prefix(count)) + [items[3 + count], items[0]]
            var along = DependencyTable(items)
            var hashed = DependencyTable(items)
            // `before` holds one of them: the rest are looked for (along the table up to 16).
            let found = along.positions(of: read, before: [3])
            XCTAssertEqual(found, hashed.positions(of: read, before: nil), "\(count) new")
            XCTAssertEqual(along.items, hashed.items)
            XCTAssertEqual(along.items.count, 40 + count, "each new one appended once")
            XCTAssertEqual(found.map { along.items[Int($0)] }, read)
        }
    }

    /// A build that renders every page hands over each page's reads as numbers in the render's
    /// `ReadTable`, given in whatever order the cores finished: the table made from them, page
    /// by page, is the one the dependencies themselves give (the manifest does not depend on
    /// which core rendered what), and a table that has other items takes them the same way.
    func testNumbersFromTheRenderGiveTheSameTableAsTheDependencies() {
        let pages: [[Dependency]] = (0..<300).map { n in
            [Dependency.frontMatter("content/cities/c\(n % 37).md"), .template("city"), .target("cities/c\((n * 7) % 50).html"),
             .word("capital", in: "en")].sorted()
        }
        let read = ReadTable()
        // Numbered in an order of their own (pages finish out of order), concurrently.
        let numbers = Parallel.map(pages.count) { n in (n, read.numbers(of: pages[(n * 113) % pages.count])) }
        var byPage = [[Int32]](repeating: [], count: pages.count)
        for (n, list) in numbers { byPage[(n * 113) % pages.count] = list }
        let items = read.items
        for (page, list) in zip(pages, byPage) { XCTAssertEqual(list.map { items[$0] }, page) }
        XCTAssertEqual(Set(byPage.joined()).count, Set(pages.joined()).count, "each dependency numbered once")

        var fromNumbers = DependencyTable()
        var fromDependencies = DependencyTable()
        for (page, list) in zip(pages, byPage) {
            XCTAssertEqual(fromNumbers.positions(of: list, in: items, before: nil), fromDependencies.positions(of: page, before: nil))
        }
        XCTAssertEqual(fromNumbers.items, fromDependencies.items)

        var withItems = DependencyTable([c, a])
        var withItemsToo = DependencyTable([c, a])
        for (page, list) in zip(pages, byPage) {
            XCTAssertEqual(withItems.positions(of: list, in: items, before: nil), withItemsToo.positions(of: page, before: nil))
        }
        XCTAssertEqual(withItems.items, withItemsToo.items)
    }

    func testATableMostlyReadByNoPageIsCompactedInOrder() {
        let unread = (0..<600).map { Dependency.frontMatter("content/cities/gone-\($0).md") }
        let table = DependencyTable([a] + unread + [b, c])
        let last = unread.count + 2
        let compacted = table.compacted(keeping: [[TablePosition(last), 0], [TablePosition(unread.count + 1)]])
        XCTAssertEqual(compacted?.table.items, [a, b, c])
        XCTAssertEqual(compacted?.moves[0], 0)
        XCTAssertEqual(compacted?.moves[1], TablePosition?.none)
        XCTAssertEqual(compacted?.moves[unread.count + 1], 1)
        XCTAssertEqual(compacted?.moves[last], 2)
        // Mostly read: left as it is.
        XCTAssertNil(DependencyTable([a, b, c]).compacted(keeping: [[0]]))
        XCTAssertNil(table.compacted(keeping: [Array(0..<400)]))
    }

    func testTheKeyDependsOnValuesInOrderNotOnPositions() {
        let page = Page(kind: .city, path: "cities/a.html", title: "A")
        let one = PageKey(high: 1, low: 2), two = PageKey(high: 3, low: 4)
        func key(_ positions: [TablePosition], of table: [PageKey]) -> PageKey {
            DependencyValues.key(for: page, positions: positions, of: table)
        }
        XCTAssertEqual(key([0, 1], of: [one, two]), key([0, 1], of: [one, two]))
        XCTAssertNotEqual(key([0, 1], of: [one, two]), key([1, 0], of: [one, two]), "the order of the values counts")
        XCTAssertNotEqual(key([0], of: [one, two]), key([0, 1], of: [one, two]))
        // The values count, not where the table holds them.
        XCTAssertEqual(key([1, 0], of: [two, one, PageKey(high: 5, low: 6)]), key([0, 1], of: [one, two]))
    }

    /// Positions are held in 32 bits: a manifest written with positions past 16 bits (and a
    /// page read by many) reads back the same, and so do the positions of a page rendered again.
    func testPositionsPastSixteenBitsRoundTripThroughTheManifest() throws {
        let cache = FileManager.default.temporaryDirectory.appending(path: "positions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        let items = (0..<70_000).map { Dependency.template("t\($0)") }
        var table = DependencyTable(items)
        let read: [TablePosition] = [69_999, 0, 65_536, 40_000, 65_535, 1]
        XCTAssertEqual(table.positions(of: read.map { items[Int($0)] }, before: [65_537, 69_999]), read)
        let key = PageKey(high: 7, low: 9)
        var manifest = BuildManifest(
            engineKey: "test", globalKey: "global", output: .init(path: "/nowhere", folders: [:]), imageCount: 0, assets: [:],
            pages: ["cities/a.html": .value(.init(key: key, dependencies: read, images: ["a.jpg"]))])
        manifest.dependencies = table.items
        try manifest.save(to: cache, previous: nil)
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(archive.load())
        XCTAssertEqual(archive.dependencyTable.count, items.count)
        XCTAssertEqual(archive.keyAndDependencies(ofPage: "cities/a.html")?.dependencies, read)
        XCTAssertEqual(archive.keyAndDependencies(ofPage: "cities/a.html")?.key, key)
        XCTAssertEqual(archive.page("cities/a.html")?.dependencies, read)
        XCTAssertEqual(archive.page("cities/a.html")?.images, ["a.jpg"])
    }
}
