import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// `POST api/rename`: the file under its new name with its old one in `redirect_from`, every
/// reference to it rewritten where it is written and nowhere else, all as one change for Undo;
/// refusals write nothing.
final class EditRenameTests: XCTestCase {
    private var files: [String: String] {
        var files = FixtureSite.good
        files["content/countries/turkey.md"]! += "\n\nNeighbours by sea: [Spain](spain.md) and [Japan](japan.md).\n"
        files["content/cities/osaka.md"] = "---\r\nname: Osaka\r\ncountry: japan\r\n---\r\n\r\nFar from [Spain](/countries/spain.md).\r\n"
        return files
    }

    /// Polls `path` until its text contains `words` (the rebuild after a write), for up to 15 s.
    private func page(_ guide: EditedGuide, _ path: String, contains words: String) throws -> String {
        var text = ""
        for _ in 0..<150 {
            text = try guide.send("GET", path).text
            if text.contains(words) { return text }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return text
    }

    func testRenamingACountryRewritesEveryReferenceAndUndoBringsEveryFileBack() throws {
        let guide = try EditedGuide(files)
        try guide.login()
        let before = guide.contentSnapshot()
        func text(_ path: String) -> String { String(decoding: before[path] ?? [], as: UTF8.self) }
        let answer = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": "espana",
                                               "digest": try guide.digest("country", "spain")])
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(EditedGuide.json(answer)["url"] as? String, "/countries/espana.html")
        let after = guide.contentSnapshot()
        XCTAssertNil(after["countries/spain.md"])
        XCTAssertEqual(after["countries/espana.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/spain.md").replacingOccurrences(of: "flag: flags/spain.svg\n", with: "flag: flags/spain.svg\nredirect_from: [spain]\n"))
        XCTAssertEqual(after["cities/madrid.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/madrid.md").replacingOccurrences(of: "country: spain", with: "country: espana")
                           .replacingOccurrences(of: "(../countries/spain.md#top)", with: "(../countries/espana.md#top)"))
        XCTAssertEqual(after["countries/turkey.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("countries/turkey.md").replacingOccurrences(of: "[Spain](spain.md)", with: "[Spain](espana.md)"))
        XCTAssertEqual(after["cities/osaka.md"].map { String(decoding: $0, as: UTF8.self) },
                       text("cities/osaka.md").replacingOccurrences(of: "(/countries/spain.md)", with: "(/countries/espana.md)"),
                       "CRLF kept")
        for (path, bytes) in before where !["countries/spain.md", "cities/madrid.md", "countries/turkey.md", "cities/osaka.md"].contains(path) {
            XCTAssertEqual(after[path], bytes, "\(path) is untouched")
        }
        // After the rebuild, the old address sends readers on, and the country's page lists Madrid.
        let redirect = try page(guide, "/countries/spain.html", contains: "http-equiv=\"refresh\"")
        XCTAssertTrue(redirect.contains("url=espana.html"), redirect)
        XCTAssertTrue(try page(guide, "/countries/espana.html", contains: "Madrid").contains("../cities/madrid.html"))

        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid renaming Spain's file to espana.md")
        XCTAssertEqual(EditedGuide.json(undone)["url"] as? String, "/countries/spain.html")
        XCTAssertEqual(guide.contentSnapshot(), before, "every file back, the new one gone")
    }

    func testRenamingACityKeepsEachOldNameOnce() throws {
        let guide = try EditedGuide()
        try guide.login()
        let first = try guide.post("rename", ["kind": "city", "slug": "madrid", "newSlug": "madrid-city",
                                              "digest": try guide.digest("city", "madrid")])
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertTrue(String(decoding: guide.bytes("content/countries/spain.md") ?? [], as: UTF8.self).contains("[Madrid](../cities/madrid-city.md)"))
        XCTAssertTrue(try page(guide, "/cities/madrid.html", contains: "refresh").contains("url=madrid-city.html"))
        let back = try guide.post("rename", ["kind": "city", "slug": "madrid-city", "newSlug": "madrid",
                                             "digest": try guide.digest("city", "madrid-city")])
        XCTAssertEqual(back.status, 200, back.text)
        let text = String(decoding: guide.bytes("content/cities/madrid.md") ?? [], as: UTF8.self)
        XCTAssertTrue(text.contains("redirect_from: [madrid-city]\n"), text)
        XCTAssertTrue(try page(guide, "/cities/madrid-city.html", contains: "refresh").contains("url=madrid.html"))
    }

    func testARefusedRenameWritesNothing() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let digest = try guide.digest("country", "spain")
        for (newSlug, status, words) in [
            ("japan", 409, "content/countries/japan.md exists already"),
            ("España Grande", 422, "content/countries/España Grande.md: \\\"España Grande\\\" is not a file name as the guide makes them"),
            ("../japan", 422, "a file name may not begin with a dot"),
            ("", 422, "a file name may not be empty"),
        ] {
            let answer = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": newSlug, "digest": digest])
            XCTAssertEqual(answer.status, status, "\(newSlug): \(answer.text)")
            XCTAssertTrue(answer.text.contains(words), "\(newSlug): \(answer.text)")
        }
        let city = try guide.post("rename", ["kind": "city", "slug": "osaka", "newSlug": "page-2", "digest": try guide.digest("city", "osaka")])
        XCTAssertEqual(city.status, 422, city.text)
        XCTAssertTrue(city.text.contains("a page of the City Guide"), city.text)
        let stale = try guide.post("rename", ["kind": "country", "slug": "spain", "newSlug": "espana", "digest": String(repeating: "0", count: 64)])
        XCTAssertEqual(stale.status, 409, stale.text)
        XCTAssertNotNil(EditedGuide.json(stale)["conflict"])
        XCTAssertEqual(guide.contentSnapshot(), before)
        XCTAssertEqual(try guide.post("undo", [:]).status, 404, "nothing was done, so nothing to undo")
    }
}
