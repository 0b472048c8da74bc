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

final class LiveReloadServerTests: XCTestCase {
    private func subscribe(_ site: ServedSite) throws -> (RawHTTPClient, head: String) {
        let stream = try site.connect()
        stream.send("GET /__gazetteer/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        let head = stream.read(until: "retry: 1000\n\n")
        let deadline = ContinuousClock.now + .seconds(2)
        while site.server.openEventStreams == 0, ContinuousClock.now < deadline { usleep(2000) }
        return (stream, head)
    }

    func testStreamsReceiveReloadErrorAndClear() throws {
        let site = try ServedSite()
        let (first, head) = try subscribe(site)
        let (second, _) = try subscribe(site)
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
        XCTAssertTrue(head.contains("Content-Type: text/event-stream\r\n"), head)
        XCTAssertEqual(site.server.openEventStreams, 2)

        site.server.notifyReload()
        XCTAssertEqual(first.read(until: "\n\n"), "event: reload\ndata: 1\n\n")
        XCTAssertEqual(second.read(until: "\n\n"), "event: reload\ndata: 1\n\n")

        let error = "content/countries/spain.md:3:9: \"capital\" must be text\ncontent/cities/madrid.md:1:1: unknown country"
        site.server.notifyError(error)
        let sent = #"event: error\#ndata: "content/countries/spain.md:3:9: \"capital\" must be text\ncontent/cities/madrid.md:1:1: unknown country"\#n\#n"#
        XCTAssertEqual(first.read(until: "\n\n"), sent)
        XCTAssertEqual(second.read(until: "\n\n"), sent)

        let (late, lateHead) = try subscribe(site)
        let current = lateHead.contains("event: error") ? lateHead : late.read(until: "\n\n")
        XCTAssertTrue(current.hasSuffix(sent), "a page opened while the build is broken sees the error: \(current)")
        XCTAssertEqual(site.server.currentError, error)

        site.server.clearError()
        for stream in [first, second, late] { XCTAssertEqual(stream.read(until: "\n\n"), "event: clear\ndata: 1\n\n") }
        XCTAssertNil(site.server.currentError)
    }

    /// A page read before a rebuild ended whose stream opens after the reload went out (edit
    /// mode sends the editor to the entry's page as soon as a change is written) is told to
    /// reload as soon as it connects; a page of the current build is not.
    func testAPageOfAnEarlierBuildReloadsWhenItsStreamOpensLate() throws {
        let site = try ServedSite()
        XCTAssertTrue(try site.get("/countries/spain.html").text.contains("/__gazetteer/events?since=0\""))
        site.server.notifyReload()
        XCTAssertTrue(try site.get("/countries/spain.html").text.contains("/__gazetteer/events?since=1\""))

        let late = try site.connect()
        late.send("GET /__gazetteer/events?since=0 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        let head = late.read(until: "retry: 1000\n\n")
        let first = head.contains("event: reload") ? head : late.read(until: "\n\n")
        XCTAssertTrue(first.hasSuffix("event: reload\ndata: 1\n\n"), first)

        let current = try site.connect()
        current.send("GET /__gazetteer/events?since=1 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        XCTAssertFalse(current.read(until: "retry: 1000\n\n").contains("event:"))
        site.server.notifyReload()
        XCTAssertEqual(current.read(until: "\n\n"), "event: reload\ndata: 1\n\n", "only the next reload")
    }

    func testClosedStreamsAreForgottenAndStopEndsOpenOnes() throws {
        let site = try ServedSite()
        do { _ = try subscribe(site) }  // the client closes its socket
        let deadline = ContinuousClock.now + .seconds(2)
        while site.server.openEventStreams > 0, ContinuousClock.now < deadline { usleep(5000) }
        XCTAssertEqual(site.server.openEventStreams, 0)
        site.server.notifyReload()  // nobody listening: nothing breaks
        let (open, _) = try subscribe(site)
        site.server.stop()
        XCTAssertTrue(open.isClosedByServer())
    }

    func testHTMLGetsTheScriptOnlyWhenServedAndTheLengthCountsIt() throws {
        let site = try ServedSite()
        let onDisk = try String(contentsOf: site.root.appending(path: "countries/spain.html"), encoding: .utf8)
        let client = try site.connect()
        client.send("GET /countries/spain.html HTTP/1.1\r\nHost: x\r\n\r\nGET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        let page = try client.readResponse()
        XCTAssertEqual(page.text, onDisk.replacingOccurrences(of: "</body>", with: LiveReload.script() + "</body>"))
        XCTAssertTrue(page.text.contains("new EventSource(\"/__gazetteer/events?since=0\")"))
        XCTAssertEqual(try client.readResponse().text, "body { color: navy; }\n", "Content-Length covered the script exactly")
        XCTAssertEqual(try String(contentsOf: site.root.appending(path: "countries/spain.html"), encoding: .utf8), onDisk,
                       "the file itself is untouched")
        XCTAssertFalse(onDisk.contains("__gazetteer"))
        XCTAssertTrue(try site.get("/missing").text.contains("EventSource"), "the 404 page reloads too")
        XCTAssertEqual(try site.get("/countries/", method: "HEAD").headers["content-length"], String(try site.get("/countries/").body.count))

        let plain = try ServedSite(injectReloadScript: false)
        XCTAssertEqual(try plain.get("/countries/spain.html").text, onDisk)
    }
}
