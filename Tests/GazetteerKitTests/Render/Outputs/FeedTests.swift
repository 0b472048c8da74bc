import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import GazetteerKit
@testable import Model
@testable import Render
import OptionalTools

/// The Atom feed (issue 27): the newest entries, by `date` or by when the build record first
/// held the file, valid Atom as a real XML parser reads it, linked from every page.
final class FeedTests: XCTestCase {
    static func site(dates: [String: String] = ["madrid": "2024-05-01", "osaka": "2024-06-10T09:30:00+02:00"]) throws -> FixtureSite {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nbase_url: https://example.org/guide/\n"
        for (slug, date) in dates {
            let path = "content/cities/\(slug).md"
            files[path] = files[path]!.replacingOccurrences(of: "\nname: ", with: "\ndate: \(date)\nname: ")
        }
        return try FixtureSite(files)
    }

    /// The feed read by Foundation's XMLParser: each element's children, attributes and text.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(_ name: String, _ attributes: [String: String]) { (self.name, self.attributes) = (name, attributes) }
        func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
        func first(_ name: String) -> Element? { all(name).first }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?
        var namespace: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if stack.isEmpty { namespace = namespaceURI }
            let element = Element(name, attributes)
            stack.last?.children.append(element)
            stack.append(element)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            root = stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    }

    static func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Element {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
        XCTAssertEqual(reader.namespace, "http://www.w3.org/2005/Atom", file: file, line: line)
        return try XCTUnwrap(reader.root, file: file, line: line)
    }

    func testTheFeedIsAtomOfTheNewestEntries() throws {
        let site = try Self.site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let feed = try Self.parse(try XCTUnwrap(site.read("feed.xml")))
        XCTAssertEqual(feed.name, "feed")
        // What RFC 4287 requires of a feed: id, title, updated, an author (here the feed's), a self link.
        XCTAssertEqual(feed.first("id")?.text, "https://example.org/guide/")
        XCTAssertEqual(feed.first("title")?.text, "Test Guide")
        XCTAssertNotNil(feed.first("author")?.first("name"))
        XCTAssertEqual(feed.all("link").first { $0.attributes["rel"] == "self" }?.attributes["href"], "https://example.org/guide/feed.xml")
        let entries = feed.all("entry")
        XCTAssertEqual(entries.count, 5)
        for entry in entries {
            for required in ["id", "title", "updated"] { XCTAssertNotNil(entry.first(required), "an entry without \(required)") }
            XCTAssertNotNil(entry.first("link")?.attributes["href"])
        }
        // Undated entries first appeared in this build: newer than the dated ones, by path.
        XCTAssertEqual(entries.map { $0.first("title")!.text }, ["Japan", "Spain", "Turkey", "Osaka", "Madrid"])
        XCTAssertEqual(entries[3].first("updated")?.text, "2024-06-10T09:30:00+02:00")
        XCTAssertEqual(entries[4].first("updated")?.text, "2024-05-01T00:00:00Z")
        XCTAssertEqual(feed.first("updated")?.text, entries[0].first("updated")?.text)
        XCTAssertTrue(try XCTUnwrap(entries[4].first("content")).text.contains("The capital of <a href=\"../countries/spain.html#top\">Spain</a>"))
        // Every page links to it from its head.
        for path in ["index.html", "cities/madrid.html", "countries/spain.html", "404.html"] {
            XCTAssertTrue(try XCTUnwrap(site.read(path)).contains("<link rel=\"alternate\" type=\"application/atom+xml\" href="), path)
        }
        XCTAssertTrue(try XCTUnwrap(site.read("cities/madrid.html")).contains("href=\"../feed.xml\""))
    }

    /// The feed as Python's feedparser reads it (the parser of many feed readers): no
    /// problem found (`bozo` 0), Atom 1.0, the entries in order with their links and dates.
    func testFeedparserReadsTheFeedWithoutAProblem() throws {
        let (python, path) = try requireFeedparser()
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let script = """
            import feedparser, json, sys
            d = feedparser.parse(sys.argv[1])
            print(json.dumps({"bozo": d.bozo, "problem": str(d.get("bozo_exception", "")), "version": d.version,
                              "title": d.feed.get("title"), "links": [l.get("href") for l in d.feed.get("links", [])],
                              "entries": [[e.get("title"), e.get("link"), e.get("updated"), len(e.get("content", []))] for e in d.entries]}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, site.output.appending(path: "feed.xml").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": path]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(read["bozo"] as? Int, 0, "feedparser: \(read["problem"] ?? "")")
        XCTAssertEqual(read["version"] as? String, "atom10")
        XCTAssertEqual(read["title"] as? String, "Test Guide")
        XCTAssertEqual(read["links"] as? [String], ["https://example.org/guide/feed.xml", "https://example.org/guide/"])
        let entries = try XCTUnwrap(read["entries"] as? [[Any]])
        XCTAssertEqual(entries.map { $0[0] as? String }, ["Japan", "Spain", "Turkey", "Osaka", "Madrid"])
        XCTAssertEqual(entries[4][1] as? String, "https://example.org/guide/cities/madrid.html")
        XCTAssertEqual(entries[4][2] as? String, "2024-05-01T00:00:00Z")
        XCTAssertTrue(entries.allSatisfy { $0[3] as? Int == 1 }, "every entry has its content")
    }

    func testAnUndatedEntryKeepsItsFirstAppearanceAndTheFeedIsDeterministic() throws {
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let first = try XCTUnwrap(site.read("feed.xml"))
        let spain = try XCTUnwrap(try Self.parse(first).all("entry").first { $0.first("title")?.text == "Spain" }?.first("updated")?.text)
        Thread.sleep(forTimeInterval: 1.1)
        // Built again with nothing changed, and with the feed's own file gone: the same bytes.
        try FileManager.default.removeItem(at: site.output.appending(path: "feed.xml"))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.read("feed.xml"), first)
        // A new city is the newest; Spain, edited, keeps the day its file first appeared.
        try site.write("content/cities/sevilla.md", "---\nname: Sevilla\ncountry: spain\n---\n")
        try site.write("content/countries/spain.md", FixtureSite.good["content/countries/spain.md"]! + "\nMore.\n")
        XCTAssertEqual(site.build().status, 0)
        let feed = try Self.parse(try XCTUnwrap(site.read("feed.xml")))
        XCTAssertEqual(feed.all("entry").first?.first("title")?.text, "Sevilla")
        XCTAssertEqual(feed.all("entry").first { $0.first("title")?.text == "Spain" }?.first("updated")?.text, spain)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after adding Sevilla")
    }

    func testADatedFeedEqualsACleanBuildAndFollowsDates() throws {
        let site = try Self.site(dates: ["madrid": "2024-05-01", "osaka": "2024-06-10"])
        defer { site.delete() }
        for slug in ["spain", "japan", "turkey"] {
            let path = "content/countries/\(slug).md"
            try site.write(path, FixtureSite.good[path]!.replacingOccurrences(of: "\nname: ", with: "\ndate: 2020-01-0\(slug.count % 9)\nname: "))
        }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/madrid.md", FixtureSite.good["content/cities/madrid.md"]!.replacingOccurrences(
            of: "\nname: ", with: "\ndate: 2025-01-01\nname: "))
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try Self.parse(try XCTUnwrap(site.read("feed.xml"))).all("entry").first?.first("title")?.text, "Madrid")
        let clean = try IncrementalBuildTests.cleanBuild(site)
        XCTAssertEqual(clean["feed.xml"], try Data(contentsOf: site.output.appending(path: "feed.xml")))
    }

    func testABadDateIsALocatedError() throws {
        let site = try Self.site(dates: ["madrid": "2024-13-01"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:2:7: \"date\" must be a day such as 2024-05-01"), result.err)
    }

    func testWithoutABaseURLThereIsNoFeed() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("feed.xml"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("application/atom+xml"))
    }

    func testDates() {
        XCTAssertEqual(EntryDate(parsing: "1970-01-02")?.seconds, 86_400)
        XCTAssertEqual(EntryDate(parsing: "2024-02-29T12:00:00Z")?.text, "2024-02-29T12:00:00Z")
        XCTAssertNil(EntryDate(parsing: "2023-02-29"))
        XCTAssertEqual(EntryDate(parsing: "2024-05-01T02:00:00+02:00")?.seconds, EntryDate(parsing: "2024-05-01")?.seconds)
        XCTAssertEqual(EntryDate(seconds: 1_717_977_600).text, "2024-06-10T00:00:00Z")
        XCTAssertNil(EntryDate(parsing: "May 1st"))
    }
}
