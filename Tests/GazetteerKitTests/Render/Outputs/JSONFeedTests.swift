import XCTest
@testable import GazetteerKit
@testable import Render

/// The JSON Feed (version 1.1) beside the Atom feed: valid against the version's fields,
/// the same entries in the same order with the same dates, linked from every page's head,
/// links in its items absolute, the same bytes for the same guide.
final class JSONFeedTests: XCTestCase {
    private func json(_ text: String?) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(XCTUnwrap(text).utf8)) as? [String: Any])
    }

    /// JSON Feed 1.1's top-level and item fields (https://www.jsonfeed.org/version/1.1/), as a
    /// JSON Schema of what SchemaValidator checks: the required ones required, and no field
    /// the version does not name.
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "properties": {
           "version": {"const": "https://jsonfeed.org/version/1.1"}, "title": {"type": "string"},
           "home_page_url": {"type": "string"}, "feed_url": {"type": "string"}, "description": {"type": "string"},
           "user_comment": {"type": "string"}, "next_url": {"type": "string"}, "icon": {"type": "string"},
           "favicon": {"type": "string"}, "language": {"type": "string"}, "expired": {"type": "boolean"},
           "authors": {"type": "array", "items": {"$ref": "#/$defs/author"}},
           "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
         "required": ["version", "title", "items"], "additionalProperties": false,
         "$defs": {
           "author": {"type": "object", "properties": {"name": {"type": "string"}, "url": {"type": "string"}, "avatar": {"type": "string"}},
                      "additionalProperties": false},
           "item": {"type": "object", "properties": {
               "id": {"type": "string"}, "url": {"type": "string"}, "external_url": {"type": "string"}, "title": {"type": "string"},
               "content_html": {"type": "string"}, "content_text": {"type": "string"}, "summary": {"type": "string"},
               "image": {"type": "string"}, "banner_image": {"type": "string"}, "date_published": {"type": "string"},
               "date_modified": {"type": "string"}, "authors": {"type": "array", "items": {"$ref": "#/$defs/author"}},
               "tags": {"type": "array", "items": {"type": "string"}}, "language": {"type": "string"}},
             "required": ["id"], "additionalProperties": false}}}
        """

    func testTheJSONFeedIsJSONFeed11OfTheAtomFeedsEntries() throws {
        let site = try FeedTests.site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let feed = try json(site.read("feed.json"))
        let schemaFolder = site.root.appending(path: "json-feed-schema")
        try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
        try Self.schema.write(to: schemaFolder.appending(path: "feed.json"), atomically: true, encoding: .utf8)
        var validator = SchemaValidator(folder: schemaFolder)
        XCTAssertEqual(try validator.problems(of: feed, against: "feed.json"), [])
        XCTAssertEqual(feed["version"] as? String, "https://jsonfeed.org/version/1.1")
        XCTAssertEqual(feed["title"] as? String, "Test Guide")
        XCTAssertEqual(feed["home_page_url"] as? String, "https://example.org/guide/")
        XCTAssertEqual(feed["feed_url"] as? String, "https://example.org/guide/feed.json")
        let items = try XCTUnwrap(feed["items"] as? [[String: Any]])
        // Every item has content (the version asks for content_html or content_text), and ids are unique.
        XCTAssertTrue(items.allSatisfy { $0["content_html"] is String })
        XCTAssertEqual(Set(items.compactMap { $0["id"] as? String }).count, items.count)

        // The same entries as the Atom feed, in its order, with its addresses and dates.
        let atom = try FeedTests.parse(try XCTUnwrap(site.read("feed.xml"))).all("entry")
        XCTAssertEqual(items.map { $0["title"] as? String }, atom.map { $0.first("title")?.text })
        XCTAssertEqual(items.map { $0["id"] as? String }, atom.map { $0.first("id")?.text })
        XCTAssertEqual(items.map { $0["url"] as? String }, atom.map { $0.first("link")?.attributes["href"] })
        XCTAssertEqual(items.map { $0["date_published"] as? String }, atom.map { $0.first("updated")?.text })
        XCTAssertEqual(items.map { $0["title"] as? String }, ["Japan", "Spain", "Turkey", "Osaka", "Madrid"])

        // A reader shows the text away from its page: its links are absolute.
        let madrid = try XCTUnwrap(items.last?["content_html"] as? String)
        XCTAssertTrue(madrid.contains("The capital of <a href=\"https://example.org/guide/countries/spain.html#top\">Spain</a>"), madrid)

        // Every page links to it from its head, relative to the page.
        for (path, link) in [("index.html", "feed.json"), ("cities/madrid.html", "../feed.json"), ("countries/spain.html", "../feed.json"),
                             ("404.html", "feed.json")] {
            XCTAssertTrue(try XCTUnwrap(site.read(path)).contains("<link rel=\"alternate\" type=\"application/feed+json\" href=\"\(link)\""), path)
        }
    }

    func testTheJSONFeedIsDeterministicAndFollowsEdits() throws {
        let site = try FeedTests.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let first = try XCTUnwrap(site.read("feed.json"))
        try FileManager.default.removeItem(at: site.output.appending(path: "feed.json"))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.read("feed.json"), first)
        // A new city is the first item; an edited text is in its item; a clean build agrees.
        try site.write("content/cities/sevilla.md", "---\nname: Sevilla\ncountry: spain\ndate: 2030-01-01\n---\n\nOn the [Guadalquivir](https://en.wikipedia.org/wiki/Guadalquivir).\n")
        try site.write("content/countries/spain.md", FixtureSite.good["content/countries/spain.md"]! + "\nMore about Spain.\n")
        XCTAssertEqual(site.build().status, 0)
        let items = try XCTUnwrap(try json(site.read("feed.json"))["items"] as? [[String: Any]])
        XCTAssertEqual(items.first?["title"] as? String, "Sevilla")
        XCTAssertTrue((items.first?["content_html"] as? String)?.contains("href=\"https://en.wikipedia.org/wiki/Guadalquivir\"") == true)
        XCTAssertTrue((items.first { $0["title"] as? String == "Spain" }?["content_html"] as? String)?.contains("More about Spain.") == true)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after adding Sevilla")
    }

    func testWithoutABaseURLThereIsNoJSONFeed() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("feed.json"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("application/feed+json"))
    }

    func testRelativeLinksAreMadeAbsoluteAndOthersKept() {
        let page = "https://example.org/guide/cities/madrid.html"
        XCTAssertEqual(JSONFeed.absoluteLinks("<p><a href=\"../countries/spain.html#top\">Spain</a> <a href=\"#map\">map</a></p>", from: page),
                       "<p><a href=\"https://example.org/guide/countries/spain.html#top\">Spain</a> <a href=\"https://example.org/guide/cities/madrid.html#map\">map</a></p>")
        XCTAssertEqual(JSONFeed.absoluteLinks("<img src=\"../images/a%20b.jpg\" alt=\"x\">", from: page),
                       "<img src=\"https://example.org/guide/images/a%20b.jpg\" alt=\"x\">")
        for kept in ["<a href=\"https://other.org/x\">x</a>", "<a href=\"mailto:a@b.org\">a</a>", "<a href=\"//cdn.org/x\">x</a>",
                     "<code>href=\"x\"</code>"] {
            XCTAssertEqual(JSONFeed.absoluteLinks(kept, from: page), kept)
        }
    }
}
