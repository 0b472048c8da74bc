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
import Locking

final class PreviewServerTests: XCTestCase {
    func testServesEveryFileWithItsContentTypeAndLength() throws {
        let site = try ServedSite()
        let expected = [
            "/index.html": "text/html; charset=utf-8", "/assets/style.css": "text/css; charset=utf-8",
            "/assets/app.js": "text/javascript; charset=utf-8", "/flags/es.svg": "image/svg+xml",
            "/thumbs/madrid.png": "image/png", "/empty/keep": "application/octet-stream",
        ]
        for (target, type) in expected {
            let response = try site.get(target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.headers["content-type"], type, target)
            XCTAssertEqual(response.headers["content-length"], String(response.body.count), target)
            XCTAssertEqual(response.headers["cache-control"], "no-cache", target)
        }
        XCTAssertEqual(try site.get("/thumbs/madrid.png").body, ServedSite.png)
        XCTAssertEqual(try site.get("/assets/style.css?v=3").text, "body { color: navy; }\n", "query strings are ignored")
        XCTAssertEqual(try site.get("/spain.html").status, 200, "a symlink that stays inside the site is served")
        XCTAssertEqual(try site.get("/.git/config").status, 403, "a pages repository's .git in the output is not served")
    }

    func testHeadAnswersLikeGetWithoutTheBody() throws {
        let site = try ServedSite()
        let get = try site.get("/countries/spain.html")
        let client = try site.connect()
        client.send("HEAD /countries/spain.html HTTP/1.1\r\nHost: x\r\n\r\nGET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(head: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], String(get.body.count))
        XCTAssertEqual(head.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertEqual(try client.readResponse().text, "body { color: navy; }\n", "no body bytes came after the HEAD answer")
    }

    func testFoldersServeTheirIndexAndRedirectWithoutTheSlash() throws {
        let site = try ServedSite()
        XCTAssertTrue(try site.get("/").text.contains("<h1>Guide</h1>"))
        let countries = try site.get("/countries/")
        XCTAssertEqual(countries.status, 200)
        XCTAssertTrue(countries.text.contains("<h1>Countries</h1>"))
        let redirect = try site.get("/countries?sort=name")
        XCTAssertEqual(redirect.status, 301)
        XCTAssertEqual(redirect.headers["location"], "http://localhost/countries/?sort=name")
        let client = try site.connect()
        client.send("GET /countries HTTP/1.1\r\nHost: evil.example/x@\r\n\r\n")
        XCTAssertEqual(try client.readResponse().headers["location"], "/countries/", "relative unless the Host is plain")
        XCTAssertEqual(try site.get("/empty/").status, 404, "a folder without index.html is not listed")
        XCTAssertEqual(try site.get("/countries/spain.html/").status, 404)
    }

    func testMissingFilesGetTheSite404PageWithStatus404() throws {
        let site = try ServedSite()
        let missing = try site.get("/countries/atlantis.html")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.text.contains("<h1>Lost?</h1>"))
        XCTAssertEqual(missing.headers["content-type"], "text/html; charset=utf-8")
        let bare = try ServedSite(notFoundPage: false)
        let plain = try bare.get("/nowhere")
        XCTAssertEqual(plain.status, 404)
        XCTAssertEqual(plain.text, "404 Not Found\n")
    }

    func testNoRequestReadsOutsideTheSite() throws {
        let site = try ServedSite()
        for target in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fetc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
                       "/countries/../../secret.txt", "/%2E%2E/secret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt",
                       "//etc/passwd", "/%2fetc/passwd", "/etc/passwd", "/etc/", "/etc", "/leak.txt", "/index.html%00.txt",
                       "http://localhost/../secret.txt", "/./../secret.txt"] {
            let response = try site.get(target)
            XCTAssert([400, 403, 404].contains(response.status), "\(target): \(response.status)")
            XCTAssertFalse(response.text.contains("root:"), target)
            XCTAssertFalse(response.text.contains(ServedSite.secret), target)
        }
        XCTAssertEqual(try site.get("/etc/passwd").status, 403, "symlink to /etc")
        XCTAssertEqual(try site.get("/leak.txt").status, 403, "symlink to a file beside the site")
        XCTAssertEqual(try site.get("/%2e%2e/secret.txt").status, 403)
    }

    func testOtherMethodsGet405WithAllow() throws {
        let site = try ServedSite()
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "BREW"] {
            let response = try site.get("/index.html", method: method)
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.headers["allow"], "GET, HEAD", method)
        }
        let client = try site.connect()
        client.send("POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        XCTAssertEqual(try client.readResponse().status, 405)
        XCTAssertTrue(client.isClosedByServer(), "the body is not read, so the connection is closed")
    }

    func testMalformedRequestsGet400AndTheServerCarriesOn() throws {
        let site = try ServedSite()
        for garbage in ["GARBAGE\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1\r\nbroken header\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n",
                        "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n"] {
            let client = try site.connect()
            client.send(garbage)
            XCTAssertEqual(try client.readResponse().status, 400, garbage.debugDescription)
        }
        let raw = try site.connect()
        raw.send((0..<4096).map { _ in UInt8.random(in: 0...255) } + Array("\r\n\r\n".utf8))
        XCTAssert([400, 431].contains(try raw.readResponse().status))
        XCTAssertEqual(try site.get("/index.html").status, 200)
    }

    func testOversizedHeadersGet431AndTheServerCarriesOn() throws {
        let site = try ServedSite()
        let client = try site.connect()
        client.send("GET / HTTP/1.1\r\nHost: x\r\nCookie: " + String(repeating: "x", count: 100_000) + "\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 431)
        XCTAssertEqual(response.headers["connection"], "close")
        XCTAssertEqual(try site.get("/index.html").status, 200)
    }

    func testKeepAliveServesSeveralRequestsOnOneConnection() throws {
        let site = try ServedSite()
        let client = try site.connect()
        for target in ["/countries/spain.html", "/assets/style.css", "/missing"] {
            client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            XCTAssertEqual(response.headers["connection"], "keep-alive")
            XCTAssertNotEqual(response.status, 0)
        }
        client.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\nGET /flags/es.svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(try client.readResponse().text.contains("Guide"), "pipelined")
        let last = try client.readResponse()
        XCTAssertEqual(last.headers["content-type"], "image/svg+xml")
        XCTAssertEqual(last.headers["connection"], "close")
        XCTAssertTrue(client.isClosedByServer())
    }

    func testIdleConnectionsAreClosed() throws {
        let site = try ServedSite(idleTimeout: .milliseconds(200))
        let idle = try site.connect()
        let halfSent = try site.connect()
        halfSent.send("GET / HTTP/1.1\r\nHo")
        let start = ContinuousClock.now
        XCTAssertTrue(idle.isClosedByServer())
        XCTAssertTrue(halfSent.isClosedByServer())
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
    }

    func testManyConcurrentConnections() throws {
        let site = try ServedSite()
        let clients = try (0..<50).map { _ in try site.connect() }
        let statuses = Locked([Int]())
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: clients.count) { i in
            let target = ["/", "/countries/spain.html", "/thumbs/madrid.png", "/assets/style.css"][i % 4]
            clients[i].send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            let status = (try? clients[i].readResponse().status) ?? 0
            statuses.withLock { $0.append(status) }
        }
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(statuses.withLock { $0 }, Array(repeating: 200, count: 50))
        print("50 concurrent keep-alive connections answered in \(elapsed)")
        XCTAssertEqual(try site.get("/index.html").status, 200)
    }

    func testStopClosesConnectionsAndFreesThePort() throws {
        let site = try ServedSite()
        let open = try site.connect()
        open.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try open.readResponse().status, 200)
        site.server.stop()
        XCTAssertTrue(open.isClosedByServer())
        XCTAssertThrowsError(try site.connect())
        let again = PreviewServer(root: site.root, port: site.port)
        XCTAssertEqual(try again.start(), site.port, "SO_REUSEADDR: the same port can be taken again at once")
        again.stop()
    }

    func testBindsLoopbackAndReportsABusyPort() throws {
        let site = try ServedSite()
        XCTAssertEqual(site.server.host, "127.0.0.1")
        XCTAssertThrowsError(try PreviewServer(root: site.root, port: site.port).start()) { error in
            guard case .cannotListen(_, let port, _) = error as? ServeError else { return XCTFail("\(error)") }
            XCTAssertEqual(port, site.port)
        }
    }
}
