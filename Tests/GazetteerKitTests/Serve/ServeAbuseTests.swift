import Foundation
import XCTest
@testable import GazetteerKit
import Locking

/// The preview server under abuse, on loopback, in a few seconds (`make abuse` runs the long
/// version: wrk, a thousand slow clients for half a minute). Every loop here is bounded.
final class ServeAbuseTests: XCTestCase {
    private func openConnections(_ count: Int, to site: ServedSite) throws -> [RawHTTPClient] {
        try (0..<count).map { _ in try site.connect() }
    }

    func testAPageIsAnsweredWithinATenthOfASecondWhileSlowClientsHoldEveryConnection() throws {
        let site = try ServedSite(idleTimeout: .seconds(5))
        let slow = try openConnections(PreviewServer.maxConnections + 100, to: site)
        for client in slow { client.send("GET / HTTP/1.1\r\nHo") }
        Thread.sleep(forTimeInterval: 1.2)  // they have now waited a fifth of the idle timeout
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let response = try RawHTTPClient.get("/countries/spain.html", port: site.port)
            XCTAssertEqual(response.status, 200)
            XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(100))
        }
        XCTAssertLessThanOrEqual(site.server.state.withLock { $0.connections.count }, PreviewServer.maxConnections + 1)
        withExtendedLifetime(slow) {}
    }

    func testAHeadSentOneByteAtATimeIsCutAtItsDeadline() throws {
        let site = try ServedSite(idleTimeout: .milliseconds(200))
        let client = try site.connect()
        let start = ContinuousClock.now
        var closed = false
        for byte in "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8 + Array(repeating: UInt8(ascii: "a"), count: 100) {
            client.send([byte])
            Thread.sleep(forTimeInterval: 0.02)
            if ContinuousClock.now - start > .seconds(1) { closed = client.isClosedByServer(); break }
        }
        XCTAssertTrue(closed, "a head still arriving after twice the idle timeout is cut")
    }

    func testAThousandConcurrentRequestsEachGetAnAnswer() throws {
        let site = try ServedSite()
        let clients = try openConnections(1000, to: site)
        let statuses = Locked([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: clients.count) { i in
            clients[i].send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let status = (try? clients[i].readResponse().status) ?? 0
            statuses.withLock { $0[status, default: 0] += 1 }
        }
        let counts = statuses.withLock { $0 }
        XCTAssertEqual(Set(counts.keys).subtracting([200, 503]), [], "every connection is answered 200 or 503: \(counts)")
        XCTAssertGreaterThanOrEqual(counts[200] ?? 0, PreviewServer.maxConnections)
        XCTAssertEqual(try site.get("/").status, 200)
    }
}
