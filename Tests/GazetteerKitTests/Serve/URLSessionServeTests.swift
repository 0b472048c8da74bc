import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

/// The preview server as a real HTTP client sees it (redirects followed, keep-alive reused).
final class URLSessionServeTests: XCTestCase {
    private func fetch(_ url: URL) throws -> (Data, HTTPURLResponse) {
        let result = Locked<Result<(Data, HTTPURLResponse), any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: url) { data, response, error in
            result.withLock {
                $0 = if let data, let response = response as? HTTPURLResponse { .success((data, response)) }
                     else { .failure(error ?? URLError(.badServerResponse)) }
            }
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        return try XCTUnwrap(result.withLock { $0 }).get()
    }

    func testAnHTTPClientFollowsTheFolderRedirectAndGetsTheIndex() throws {
        let site = try ServedSite()
        let (data, response) = try fetch(URL(string: "http://127.0.0.1:\(site.port)/countries")!)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.url?.absoluteString, "http://127.0.0.1:\(site.port)/countries/")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "text/html; charset=utf-8")
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("<h1>Countries</h1>"))
        let (png, image) = try fetch(URL(string: "http://127.0.0.1:\(site.port)/thumbs/madrid.png")!)
        XCTAssertEqual(image.value(forHTTPHeaderField: "Content-Type"), "image/png")
        XCTAssertEqual([UInt8](png), ServedSite.png)
        let (_, missing) = try fetch(URL(string: "http://127.0.0.1:\(site.port)/nowhere.html")!)
        XCTAssertEqual(missing.statusCode, 404)
    }
}
