import Foundation
import XCTest
@testable import GazetteerKit

/// A broken picture is reported in the same run as the other problems, located at the line
/// that names it, in plain words.
final class BrokenPictureTests: XCTestCase {
    /// The fixture guide with Madrid's picture a photo cut to a third, and `extra` files;
    /// built, it must fail.
    private func buildWithACutPhoto(_ extra: [String: String]) throws -> String {
        let photo = try Data(contentsOf: ExampleGuideTests.repository.appending(path: "content/cities/pictures/london.jpg"))
        var files = FixtureSite.good
        files["content/cities/madrid.md"] = "---\nname: Madrid\ncountry: spain\npicture: pictures/cut.jpg\n---\n"
        for (path, text) in extra { files[path] = text }
        let site = try FixtureSite(files)
        defer { site.delete() }
        try photo.prefix(photo.count / 3).write(to: site.root.appending(path: "content/cities/pictures/cut.jpg"))
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        return result.err
    }

    func testATruncatedPhotoIsReportedWithATemplateErrorAtTheLineThatNamesIt() throws {
        let err = try buildWithACutPhoto(["templates/partials/footer.mustache": "<footer>{{site.titel}}</footer>\n"])
        XCTAssertTrue(err.contains("templates/partials/footer.mustache:1:9: unknown key \"site.titel\""), err)
        XCTAssertTrue(err.contains(
            "content/cities/madrid.md:4:10: image \"pictures/cut.jpg\" is cut short: the file ends before the image does"), err)
        XCTAssertFalse(err.contains("reducev"), "no resampler log lines: \(err)")
    }

    func testABrokenPictureComesWithAFrontMatterErrorOfAnotherFile() throws {
        let err = try buildWithACutPhoto(["content/cities/osaka.md": "---\nname: Osaka\ncountry: japn\n---\n"])
        XCTAssertTrue(err.contains("content/cities/osaka.md:3:10: unknown country \"japn\""), err)
        XCTAssertTrue(err.contains("content/cities/madrid.md:4:10: image \"pictures/cut.jpg\" is cut short"), err)
    }

    /// A first build reads every entry's picture before the collections render
    /// (`ImagePlanner.inspectFirst`); a file that is no picture is still reported once, at the
    /// line that names it.
    func testAFileThatIsNoPictureIsReportedOnceAtTheLineThatNamesItInAFirstBuild() throws {
        var files = FixtureSite.good
        files["content/cities/madrid.md"] = "---\nname: Madrid\ncountry: spain\npicture: pictures/notes.jpg\n---\n"
        files["content/cities/pictures/notes.jpg"] = "a shopping list, not a photo\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1, result.err)
        let located = "content/cities/madrid.md:4:10: image \"pictures/notes.jpg\""
        XCTAssertEqual(result.err.components(separatedBy: located).count - 1, 1, result.err)
    }
}
