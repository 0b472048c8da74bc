import Foundation
import XCTest
@testable import GazetteerKit

/// The not-found page is served for missing paths anywhere in the site, so its styles and
/// links start from the site's path on its server: base_url's, else the root.
final class NotFoundPageTests: XCTestCase {
    func testLinksStartFromTheServerRootWithoutBaseURL() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let page = try XCTUnwrap(site.read("404.html"))
        XCTAssertTrue(page.contains(#"<link rel="stylesheet" href="/assets/style.css">"#), page)
        XCTAssertTrue(page.contains(#"href="/cities/index.html""#), page)
        XCTAssertFalse(page.contains(#"href="index.html""#), "no page-relative link: \(page)")
    }

    func testLinksStartFromTheBaseURLsPath() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nbase_url: https://example.org/guide\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let page = try XCTUnwrap(site.read("404.html"))
        XCTAssertTrue(page.contains(#"href="/guide/assets/style.css""#), page)
        XCTAssertTrue(page.contains(#"href="/guide/flags/index.html""#), page)
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains(#"href="../assets/style.css""#),
                      "other pages stay relative, so the site still opens from disk")
    }

    func testServedForAMissingPageDeepInTheSiteItsStylesheetLoads() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let server = PreviewServer(root: site.output, injectReloadScript: false, idleTimeout: .seconds(5))
        let port = try server.start()
        defer { server.stop() }
        let missing = try RawHTTPClient.get("/countries/nope.html", port: port)
        XCTAssertEqual(missing.status, 404)
        let body = String(decoding: missing.body, as: UTF8.self)
        XCTAssertTrue(body.contains("Page not found"), body)
        XCTAssertTrue(body.contains(#"href="/assets/style.css""#), body)
        XCTAssertEqual(try RawHTTPClient.get("/assets/style.css", port: port).status, 200)
        XCTAssertEqual(try RawHTTPClient.get("/cities/index.html", port: port).status, 200)
    }
}
