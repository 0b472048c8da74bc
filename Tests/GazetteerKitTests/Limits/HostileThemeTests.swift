import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// A theme whose not-found page is hostile: the build stops with a few located lines, fast.
final class HostileThemeTests: XCTestCase {
    /// The fixture guide with the default theme copied into `templates/` and `404.mustache` replaced.
    private func site(notFoundPage: String) throws -> FixtureSite {
        let site = try FixtureSite()
        for file in DefaultTheme.files {
            try site.write("templates/" + file.path, String(decoding: file.data, as: UTF8.self))
        }
        try site.write("templates/404.mustache", notFoundPage)
        return site
    }

    func testAHundredThousandUnclosedSectionsFailTheBuildWithOneLine() throws {
        let site = try site(notFoundPage: String(repeating: "{{#a}}", count: 100_000))
        defer { site.delete() }
        let start = Date()
        let result = site.build()
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err.split(separator: "\n").filter { $0.hasPrefix("templates/") }, [
            #"templates/404.mustache:1:601: section "a" is nested 101 deep; sections, parents and blocks may nest at most 100 deep"#,
        ])
    }

    func testTwentyThousandStrayClosingTagsPrintAScreenful() throws {
        let site = try site(notFoundPage: String(repeating: "{{/a}}\n", count: 20_000))
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        let lines = result.err.split(separator: "\n").filter { $0.hasPrefix("templates/") }
        XCTAssertEqual(lines.count, 11, result.err)
        XCTAssertEqual(lines.last, "templates/404.mustache:11:1: ... and 19,990 more errors in this template")
    }
}
