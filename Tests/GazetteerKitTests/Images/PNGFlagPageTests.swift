import Foundation
import XCTest

/// A country whose flag is a PNG (as Debian's iso-flags-png-320x240 are) gets thumbnails like an
/// SVG flag's, and the pages link exactly the files the build wrote.
final class PNGFlagPageTests: XCTestCase {
    func testAPNGFlagsThumbnailsAreTheFilesTheIndexLinks() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\nflag: flags/japan.png\n---\n")
        try site.remove("content/countries/flags/japan.svg")
        try Data(LargePNG.solid(width: 320, height: 240, rgb: (188, 0, 45)))
            .write(to: site.root.appending(path: "content/countries/flags/japan.png"))
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let index = try XCTUnwrap(site.read("index.html"))
        let tag = try XCTUnwrap(index.firstMatch(of: /<img [^>]*alt="Flag of Japan"[^>]*>/).map { String($0.output) }, index)
        let srcset = try XCTUnwrap(tag.firstMatch(of: /srcset="([^"]+)"/)?.output.1, tag)
        let src = try XCTUnwrap(tag.firstMatch(of: /\ssrc="([^"]+)"/)?.output.1, tag)
        // The 1x is `src`, which the browser takes as the 1x candidate; srcset names the 2x.
        let candidates = [[src, "1x"]] + srcset.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ") }
        XCTAssertEqual(candidates.map { String($0[1]) }, ["1x", "2x"], tag)
        let width = try XCTUnwrap(tag.firstMatch(of: /width="(\d+)"/).flatMap { Int($0.output.1) })
        for (number, candidate) in candidates.enumerated() {
            let file = site.output.appending(path: String(candidate[0]))
            let bytes = try [UInt8](Data(contentsOf: file))
            // A whole picture of the planned size: PNG's IHDR width, JPEG's signature.
            if file.pathExtension == "png" {
                XCTAssertEqual(Array(bytes[1..<4]), Array("PNG".utf8))
                let pixels = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                XCTAssertEqual(pixels, width * (number + 1), "\(candidate[0]) at \(candidate[1])")
            } else {
                XCTAssertEqual(Array(bytes[0..<3]), [0xFF, 0xD8, 0xFF], String(candidate[0]))
            }
        }
        XCTAssertTrue(tag.contains("src=\"\(candidates[0][0])\""), "the 1x is the fallback src: \(tag)")
    }
}
