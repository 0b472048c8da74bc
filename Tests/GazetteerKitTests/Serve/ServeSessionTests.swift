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

/// `gazetteer serve` end to end: build, serve, edit a file, see the reload and the new page;
/// break a file, see the error and the last good site; fix it, see the recovery.
final class ServeSessionTests: XCTestCase {
    func testEditsRebuildAndReloadAndErrorsKeepTheLastGoodSite() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let box = OutputBox()
        let session = ServeSession(
            options: BuildOptions(source: site.root), port: 0,
            output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
        let port = try session.start()
        defer { session.stop() }
        XCTAssertTrue(box.out.contains("Built 12 pages and 16 data files"), box.out)

        let page = try RawHTTPClient.get("/countries/japan.html", port: port)
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains("An island country."))
        XCTAssertTrue(page.text.contains("/__gazetteer/events"), "the reload script is injected when serving")
        XCTAssertFalse(site.read("countries/japan.html")!.contains("__gazetteer"), "never into the built files")
        let css = try RawHTTPClient.get("/assets/style.css", port: port)
        XCTAssertEqual(css.headers["content-type"], "text/css; charset=utf-8")
        let flag = try XCTUnwrap(HTMLLinks.images(in: page.text).first?["src"])
        XCTAssertTrue(flag.hasPrefix("../images/"), flag)
        let image = try RawHTTPClient.get("/" + flag.dropFirst(3), port: port)
        XCTAssertEqual(image.status, 200)
        XCTAssertEqual(image.headers["content-type"], "image/png")
        XCTAssertEqual(try RawHTTPClient.get("/../../etc/passwd", port: port).status, 403)
        XCTAssertEqual(try RawHTTPClient.get("/nowhere.html", port: port).status, 404)

        let events = try RawHTTPClient(port: port)
        events.timeout = 5
        events.send("GET /__gazetteer/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        _ = events.read(until: "\r\n\r\n")

        // An edit is picked up, rebuilt, and open pages are told to reload.
        try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\n---\n\nLand of the rising sun.\n")
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertTrue(try RawHTTPClient.get("/countries/japan.html", port: port).text.contains("Land of the rising sun."))

        // A broken file: located error in the terminal and the browser; the last good site stays.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japn\n---\n")
        let error = events.read(until: "event: error")
        XCTAssertTrue(error.contains("content/cities/osaka.md:3:10: unknown country"), error)
        XCTAssertTrue(box.err.contains("did you mean \\\"japan\\\"") || box.err.contains("did you mean \"japan\""), box.err)
        XCTAssertEqual(try RawHTTPClient.get("/cities/osaka.html", port: port).status, 200)

        // Fixing it clears the error and reloads.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nFixed.\n")
        let recovery = events.read(until: "event: reload")
        XCTAssertTrue(recovery.contains("event: clear"), recovery)
        XCTAssertTrue(try RawHTTPClient.get("/cities/osaka.html", port: port).text.contains("Fixed."))
        XCTAssertGreaterThanOrEqual(session.buildCount, 4)
    }

    func testAGuideThatNeverBuiltShowsItsErrorsInThePageUntilFixed() throws {
        var files = FixtureSite.good
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japn\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let box = OutputBox()
        let session = ServeSession(
            options: BuildOptions(source: site.root), port: 0,
            output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
        let port = try session.start()
        defer { session.stop() }
        XCTAssertTrue(box.err.contains("the guide has never built"), box.err)
        XCTAssertFalse(box.err.contains("still serving the last good site"), box.err)

        for path in ["/", "/countries/japan.html"] {
            let page = try RawHTTPClient.get(path, port: port)
            XCTAssertEqual(page.status, 503, path)
            XCTAssertTrue(page.text.contains("The guide does not build yet"), page.text)
            XCTAssertTrue(page.text.contains("content/cities/osaka.md:3:10: unknown country &quot;japn&quot;"), page.text)
            XCTAssertTrue(page.text.contains("/__gazetteer/events"), "it reloads by itself once fixed")
        }
        XCTAssertEqual(try RawHTTPClient.get("/assets/style.css", port: port).status, 404)

        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n")
        let deadline = Date().addingTimeInterval(20)
        var status = 0
        while status != 200, Date() < deadline {
            usleep(50_000)
            status = try RawHTTPClient.get("/", port: port).status
        }
        XCTAssertEqual(status, 200, "the fixed guide is served")
    }

    func testServingIntoAFolderNoBuildMadeNeedsForceAndKeepsWhatItHolds() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let repo = site.root.appending(path: "pagesrepo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Data("guide.example.org\n".utf8).write(to: repo.appending(path: "CNAME"))
        // `serve` takes --force as `build` does (a bad port stops it before it serves anything).
        let usage = site.run(["serve", "--output", repo.path, "--force", "--port", "70000"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.err.contains("--port takes a number"), usage.err)

        for force in [false, true] {
            let box = OutputBox()
            var options = BuildOptions(source: site.root, output: repo)
            options.force = force
            let session = ServeSession(options: options, port: 0,
                                       output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
            _ = try session.start()
            session.stop()
            if force {
                XCTAssertTrue(box.out.contains("Built 12 pages and 16 data files"), box.out + box.err)
            } else {
                XCTAssertTrue(box.err.contains("refusing to build into this folder"), box.err)
            }
            XCTAssertEqual(try String(contentsOf: repo.appending(path: "CNAME"), encoding: .utf8), "guide.example.org\n")
            XCTAssertEqual(FileManager.default.fileExists(atPath: repo.appending(path: "index.html").path), force)
        }
    }

    /// `serve` starts with a full build, which leaves no spare folder for the next update to
    /// publish through: it is made in the background then, so the first edit does not wait
    /// for a hard link per file of the site.
    func testTheFirstEditAfterStartFindsTheSpareFolderReady() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let session = ServeSession(options: BuildOptions(source: site.root), port: 0, output: TextOutput(print: { _ in }, error: { _ in }))
        _ = try session.start()
        defer { session.stop() }
        session.waitForSpare()
        XCTAssertTrue(SiteWriter.spareIsReady(for: site.output), "the spare is made after the first build")
        let spare = site.root.appending(path: ".site.spare")
        XCTAssertEqual(try String(contentsOf: spare.appending(path: "countries/japan.html"), encoding: .utf8),
                       site.read("countries/japan.html"), "a copy of the site")
        // A mark in the spare: the update that publishes through this spare brings it along
        // (one that made its own copy of the site would not).
        try Data("made ahead\n".utf8).write(to: spare.appending(path: "made-ahead.txt"))

        try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\n---\n\nLand of the rising sun.\n")
        let deadline = Date().addingTimeInterval(20)
        while site.read("countries/japan.html")?.contains("Land of the rising sun.") != true, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(site.read("countries/japan.html")?.contains("Land of the rising sun.") == true)
        XCTAssertEqual(site.read("made-ahead.txt"), "made ahead\n", "the edit was published through the spare made ahead")
    }
}
