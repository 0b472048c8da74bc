import Foundation
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

/// Builds the repository's own example guide (content/ with templates/) into a temporary
/// folder and checks what a newcomer sees after `make site`.
final class ExampleGuideTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let gallery: [(heading: String, countries: [String])] = [
        ("African Flags", ["ghana", "kenya", "morocco", "mozambique", "rwanda", "south-africa"]),
        ("Asian Flags", ["china", "india", "japan", "mongolia", "russia", "singapore", "turkey"]),
        ("Australasian Flags", ["australia", "new-zealand"]),
        ("European Flags", ["france", "germany", "iceland", "ireland", "italy", "malta", "poland", "russia",
                            "spain", "sweden", "turkey", "united-kingdom"]),
        ("North American Flags", ["canada", "mexico", "united-states"]),
        ("South American Flags", ["argentina", "brazil", "chile"]),
    ]

    func testTheExampleGuideBuildsCompleteWithEveryLinkResolving() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let summary = try SiteBuild.run(BuildOptions(source: Self.repository, output: output))
        XCTAssertGreaterThan(summary.pages, 40)

        let fm = FileManager.default
        let countries = try fm.contentsOfDirectory(atPath: Self.repository.appending(path: "content/countries").path)
            .filter { $0.hasSuffix(".md") && ContentKind.language(ofPath: $0) == nil }.map { String($0.dropLast(3)) }
        func isDraft(_ path: String) -> Bool {
            (try? String(contentsOf: Self.repository.appending(path: path), encoding: .utf8))?.contains("\ndraft: true\n") == true
        }
        let allCities = try fm.contentsOfDirectory(atPath: Self.repository.appending(path: "content/cities").path)
            .filter { $0.hasSuffix(".md") && ContentKind.language(ofPath: $0) == nil }.map { String($0.dropLast(3)) }
        let cities = allCities.filter { !isDraft("content/cities/\($0).md") }
        let drafts = allCities.filter { isDraft("content/cities/\($0).md") }
        XCTAssertGreaterThanOrEqual(countries.count, 32)
        XCTAssertGreaterThanOrEqual(cities.count, 8)
        for slug in ["united-states", "france", "england", "scotland", "spain"] { XCTAssertTrue(countries.contains(slug), slug) }
        for slug in ["london", "san-francisco", "sydney", "madrid"] { XCTAssertTrue(cities.contains(slug), slug) }

        var files: Set<String> = []
        let prefix = output.resolvingSymlinksInPath().path + "/"
        let walker = fm.enumerator(at: output, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            files.insert(String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count)))
        }
        for slug in countries { XCTAssertTrue(files.contains("countries/\(slug).html"), slug) }
        for slug in cities { XCTAssertTrue(files.contains("cities/\(slug).html"), slug) }
        // The guide in French too, under fr/ (its links checked below with the others').
        for slug in countries { XCTAssertTrue(files.contains("fr/countries/\(slug).html"), "fr: \(slug)") }
        for slug in cities { XCTAssertTrue(files.contains("fr/cities/\(slug).html"), "fr: \(slug)") }
        XCTAssertTrue(try String(contentsOf: output.appending(path: "fr/countries/germany.html"), encoding: .utf8).contains("<h1>Allemagne</h1>")
                      || (try String(contentsOf: output.appending(path: "fr/countries/germany.html"), encoding: .utf8)).contains("Allemagne"))
        // A draft is left out; the About page, static/ and the PDF it links to are published.
        XCTAssertFalse(drafts.isEmpty, "the example has a draft")
        for slug in drafts { XCTAssertFalse(files.contains("cities/\(slug).html"), slug) }
        XCTAssertEqual(summary.drafts, drafts.map { "content/cities/\($0).md" })
        for path in ["about.html", "about.json", "robots.txt", "files/walking-leaflet.pdf"] { XCTAssertTrue(files.contains(path), path) }
        XCTAssertEqual(try Data(contentsOf: output.appending(path: "files/walking-leaflet.pdf")),
                       try Data(contentsOf: Self.repository.appending(path: "static/files/walking-leaflet.pdf")))

        func page(_ path: String) throws -> String { try String(contentsOf: output.appending(path: path), encoding: .utf8) }
        for path in files where path.hasSuffix(".html") {
            XCTAssertEqual(HTMLLinks.broken(in: try page(path), page: path, files: files), [], "broken links in \(path)")
        }

        // The gallery: sections in order, each with exactly its countries.
        let gallery = try page("flags/index.html")
        var position = gallery.startIndex
        for (index, section) in Self.gallery.enumerated() {
            let heading = try XCTUnwrap(gallery.range(of: section.heading, range: position..<gallery.endIndex), section.heading)
            let end = index + 1 < Self.gallery.count
                ? gallery.range(of: Self.gallery[index + 1].heading, range: heading.upperBound..<gallery.endIndex)?.lowerBound ?? gallery.endIndex
                : gallery.endIndex
            let body = String(gallery[heading.upperBound..<end])
            let linked = Set(HTMLLinks.urls(in: body).filter { $0.contains("countries/") }
                .map { String($0.split(separator: "/").last!.dropLast(5)) })
            XCTAssertTrue(Set(section.countries).isSubset(of: linked), "\(section.heading): \(linked.sorted())")
            position = heading.upperBound
        }

        // A city without a picture shows the theme's placeholder.
        let withoutPicture = try cities.filter { slug in
            let text = try String(contentsOf: Self.repository.appending(path: "content/cities/\(slug).md"), encoding: .utf8)
            return !text.contains("\npicture:")
        }
        XCTAssertFalse(withoutPicture.isEmpty, "the example has a city without a picture")
        for slug in withoutPicture {
            XCTAssertTrue(try page("cities/\(slug).html").contains("placeholder-city."), slug)
        }
    }

    /// The example has a `base_url`: its feeds and sitemap give absolute addresses of files it
    /// publishes, every page links both feeds, and the pages still link one another relatively,
    /// so the site works opened from disk (only the 404 page, served at any depth, links from the root).
    func testTheExampleGuidesFeedsAndSitemapAreAbsoluteAndItsPagesRelative() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: Self.repository, output: output))
        let settings = try String(contentsOf: Self.repository.appending(path: "gazetteer.yaml"), encoding: .utf8)
        let base = try XCTUnwrap(settings.firstMatch(of: /\nbase_url: (\S+)\n/)?.1).description
        XCTAssertTrue(base.hasPrefix("https://") && base.hasSuffix("/"), base)
        func read(_ path: String) throws -> String { try String(contentsOf: output.appending(path: path), encoding: .utf8) }
        func published(_ url: String, _ what: String) {
            XCTAssertTrue(url.hasPrefix(base), "\(what): \(url)")
            let path = String(url.dropFirst(base.count)).removingPercentEncoding ?? ""
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.appending(path: path.isEmpty ? "index.html" : path).path), "\(what): \(url)")
        }
        let sitemap = try read("sitemap.xml").matches(of: /<loc>([^<]*)<\/loc>/).map { String($0.1) }
        XCTAssertGreaterThan(sitemap.count, 40)
        for url in sitemap { published(url, "sitemap.xml") }
        let atom = try FeedTests.parse(try read("feed.xml"))
        XCTAssertEqual(atom.all("entry").count, 20)
        for entry in atom.all("entry") { published(try XCTUnwrap(entry.first("link")?.attributes["href"]), "feed.xml") }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(read("feed.json").utf8)) as? [String: Any])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, atom.all("entry").map { $0.first("id")?.text })
        for item in items { published(try XCTUnwrap(item["url"] as? String), "feed.json") }

        let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)
        var pages = 0
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "html" else { continue }
            let path = String(url.resolvingSymlinksInPath().path.dropFirst(output.resolvingSymlinksInPath().path.count + 1))
            let html = try read(path)
            guard html.contains("<link rel=\"canonical\"") else { continue }  // a redirect page
            pages += 1
            XCTAssertTrue(html.contains("type=\"application/atom+xml\" href=\""), path)
            XCTAssertTrue(html.contains("type=\"application/feed+json\" href=\""), path)
            guard !path.hasSuffix("404.html") else { continue }
            let inside = LinkScan.scan(html).map(\.value).filter { $0.hasPrefix("/") || $0.hasPrefix(base) }
            let canonical = path == "index.html" ? base : path == "fr/index.html" ? base + "fr/" : base + path
            // The page's versions in the other languages are named whole, as hreflang wants.
            let versions = html.split(separator: "\n").filter { $0.hasPrefix("<link rel=\"alternate\" hreflang=") }
                .compactMap { $0.split(separator: "href=\"").last?.split(separator: "\"").first.map(String.init) }
            XCTAssertFalse(versions.isEmpty, "\(path) names its versions in the guide's languages")
            XCTAssertEqual(inside.filter { $0 != canonical && !versions.contains($0) }, [], "\(path) links absolutely within the site")
        }
        XCTAssertGreaterThan(pages, 40)
    }
}
