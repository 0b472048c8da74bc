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

final class HTTPRequestTests: XCTestCase {
    private func parse(_ text: String) -> HTTPRequest.Parse { HTTPRequest.parse(Array(text.utf8)) }

    private func request(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> HTTPRequest? {
        guard case .request(let request, _) = parse(text) else {
            XCTFail("not a request: \(parse(text))", file: file, line: line)
            return nil
        }
        return request
    }

    func testParsesRequestLineHeadersPathAndQuery() throws {
        let text = "GET /countries/spain.html?v=2#top HTTP/1.1\r\nHost: localhost:8000\r\nAccept: text/html\r\nAccept: */*\r\n\r\n"
        XCTAssertEqual(parse(text), .request(HTTPRequest(
            method: "GET", target: "/countries/spain.html?v=2#top", version: "HTTP/1.1",
            headers: ["host": "localhost:8000", "accept": "text/html, */*"]), length: text.utf8.count))
        let request = try XCTUnwrap(self.request(text))
        XCTAssertEqual(request.path, "/countries/spain.html")
        XCTAssertEqual(request.query, "v=2")
        XCTAssertEqual(self.request("GET http://localhost:8000/flags/?a HTTP/1.1\r\nHost: x\r\n\r\n")?.path, "/flags/")
    }

    func testABodyIsReadOnlyWithItsLengthSaidAndWithinTheLimit() {
        XCTAssertEqual(request("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 12\r\n\r\n")?.bodyLength(limit: 100), .bytes(12))
        XCTAssertEqual(request("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")?.bodyLength(limit: 100), .bytes(0))
        XCTAssertEqual(request("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n")?.bodyLength(limit: 100), .refused(status: 413))
        XCTAssertEqual(request("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")?.bodyLength(limit: 100),
                       .refused(status: 411))
        XCTAssertEqual(parse("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), .failure(status: 400),
                       "two lengths: which body is it?")
    }

    func testPlainHostOnlyForHostAndPort() {
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n")?.plainHost, "127.0.0.1:8000")
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: [::1]:80\r\n\r\n")?.plainHost, "[::1]:80")
        XCTAssertNil(request("GET / HTTP/1.1\r\nHost: a.example/b\r\n\r\n")?.plainHost)
        XCTAssertNil(request("GET / HTTP/1.1\r\nHost: user@a.example\r\n\r\n")?.plainHost)
        XCTAssertNil(request("GET / HTTP/1.0\r\n\r\n")?.plainHost)
    }

    func testKeepAliveFollowsTheVersionAndConnectionHeader() {
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: x\r\n\r\n")?.keepAlive, true)
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(request("GET / HTTP/1.0\r\n\r\n")?.keepAlive, false)
        XCTAssertEqual(request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.keepAlive, true)
    }

    func testIncompleteUntilTheBlankLineAndPipelinedRequestsAreSeparated() {
        XCTAssertEqual(parse(""), .incomplete)
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: x\r\n"), .incomplete)
        let first = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
        guard case .request(let parsed, let length) = parse(first + "GET /b HTTP/1.1\r\nHost: x\r\n\r\n") else {
            return XCTFail("first of two pipelined requests not parsed")
        }
        XCTAssertEqual(parsed.path, "/a")
        XCTAssertEqual(length, first.utf8.count)
        XCTAssertEqual(request("\r\nGET / HTTP/1.0\n\n")?.method, "GET", "leading blank line and bare LF are tolerated")
    }

    func testMalformedRequestsAreRefusedWith400() {
        for text in [
            "GARBAGE\r\n\r\n", "GET /\r\n\r\n", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
            "GET index.html HTTP/1.1\r\nHost: x\r\n\r\n", "GET / FOO/1.1\r\nHost: x\r\n\r\n", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\n folded: value\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",  // HTTP/1.1 needs Host
            "GET /a\u{7f} HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        ] {
            XCTAssertEqual(parse(text), .failure(status: 400), text.debugDescription)
        }
        XCTAssertEqual(HTTPRequest.parse([0xff, 0xfe, 0, 10, 13, 10, 13, 10]), .failure(status: 400))
        XCTAssertEqual(parse("GET / HTTP/2.0\r\nHost: x\r\n\r\n"), .failure(status: 505))
    }

    func testOversizedHeadsAreRefusedWith431() {
        let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Fill: " + String(repeating: "a", count: 9000)
        XCTAssertEqual(parse(huge), .failure(status: 431), "too long before the head even ends")
        XCTAssertEqual(parse(huge + "\r\n\r\n"), .failure(status: 431))
        let fits = "GET / HTTP/1.1\r\nHost: x\r\nX-Fill: " + String(repeating: "a", count: 8000) + "\r\n\r\n"
        XCTAssertNotNil(request(fits))
    }

    func testBodiesAreNoticed() {
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: x\r\n\r\n")?.hasBody, false)
        XCTAssertEqual(request("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")?.hasBody, false)
        XCTAssertEqual(request("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n")?.hasBody, true)
        XCTAssertEqual(request("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")?.hasBody, true)
    }
}
