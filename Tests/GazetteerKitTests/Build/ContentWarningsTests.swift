import Foundation
import XCTest
@testable import GazetteerKit

/// Files in content/ that no page uses are warnings, located, with what to do: a build goes
/// on unless --strict, and `check` lists them too.
final class ContentWarningsTests: XCTestCase {
    private func site() throws -> FixtureSite {
        var files = FixtureSite.good
        files["content/cities/cusco.markdown"] = "---\nname: Cusco\ncountry: spain\n---\n"
        files["content/city/lima.md"] = "---\nname: Lima\n---\n"
        files["content/cities/pictures/unused.svg"] = FixtureSite.flag("#123456")
        files["content/cities/pictures/in-body.svg"] = FixtureSite.flag("#654321")
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japan\n---\n\n![Castle](pictures/in-body.svg)\n"
        return try FixtureSite(files)
    }

    func testUnusedFilesAreWarningsAndTheBuildGoesOn() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.err.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "content/cities/cusco.markdown:1:1: warning: this file is not loaded: only files ending in .md are pages (rename it to cusco.md)",
            "content/cities/pictures/unused.svg:1:1: warning: this file is not used by any country or city (no front matter, Markdown image or link names it)",
            "content/city/lima.md:1:1: warning: this file is not loaded: countries go in content/countries/, cities in content/cities/ and pages of your own in content/pages/ (did you mean \"content/cities\"?)",
        ])
        XCTAssertTrue(site.exists("index.html"))
        XCTAssertFalse(site.exists("cities/cusco.html"))
    }

    /// `évora.MD` is in the right folder with the right ending in the wrong case: the warning
    /// says to rename it, not to move it to the folder it is in.
    func testAnUpperCaseEndingIsToldToRenameNotToMove() throws {
        var files = FixtureSite.good
        files["content/cities/évora.MD"] = "---\nname: Évora\ncountry: spain\n---\n"
        files["content/countries/Peru.Md"] = "---\nname: Peru\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err.split(separator: "\n").map(String.init), [
            "content/cities/évora.MD:1:1: warning: this file is not loaded: only files ending in .md, in lower case, are pages (rename it to évora.md)",
            "content/countries/Peru.Md:1:1: warning: this file is not loaded: only files ending in .md, in lower case, are pages (rename it to Peru.md)",
        ])
    }

    /// A build that finds nothing changed says the warnings again, and fails with --strict:
    /// an untouched file's warning never goes quiet. Once the file goes, so does its warning.
    func testABuildWithNothingChangedRepeatsTheWarnings() throws {
        let site = try site()
        defer { site.delete() }
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)
        let warm = site.build()
        XCTAssertTrue(warm.out.contains("(0 rendered, 0 files written)"), warm.out)
        XCTAssertEqual(warm.err, first.err)
        let strict = site.build(["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.err.contains("build failed with 0 errors and 3 warnings (--strict)"), strict.err)

        // An edit that changes no folder keeps them; one that puts the picture to use drops its warning.
        let osaka = "---\nname: Osaka\ncountry: japan\n---\n\n![Castle](pictures/in-body.svg)\n"
        try site.write("content/cities/osaka.md", osaka + "\nMore.\n")
        XCTAssertEqual(site.build().err, first.err)
        try site.write("content/cities/osaka.md", osaka.replacingOccurrences(of: "country: japan", with: "country: japan\npicture: pictures/unused.svg"))
        let used = site.build()
        XCTAssertEqual(used.err.split(separator: "\n").count, 2, used.err)
        XCTAssertFalse(used.err.contains("unused.svg"), used.err)
        try site.write("content/cities/osaka.md", osaka)

        try site.remove("content/cities/pictures/unused.svg")
        XCTAssertEqual(site.build().err.split(separator: "\n").count, 2)
        XCTAssertEqual(site.build().err.split(separator: "\n").count, 2, "the warm build too")

        // A picture dropped into a folder nothing else changed in is noticed at once.
        try site.write("content/cities/pictures/stray.svg", FixtureSite.flag("#abcdef"))
        XCTAssertTrue(site.build().err.contains("content/cities/pictures/stray.svg:1:1: warning: this file is not used"))
    }

    func testStrictMakesWarningsFailTheBuildAndCheckListsThem() throws {
        let site = try site()
        defer { site.delete() }
        let strict = site.build(["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.err.contains("build failed with 0 errors and 3 warnings (--strict)"), strict.err)
        XCTAssertFalse(site.exists("index.html"), "nothing is published")

        let check = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.out.contains("; 3 warnings (--strict makes them errors)"), check.out)
        XCTAssertTrue(check.err.contains("content/cities/cusco.markdown:1:1: warning:"), check.err)
        XCTAssertEqual(site.run(["check", "--strict", "--source", site.root.path]).status, 1)

        try site.remove("content/cities/cusco.markdown")
        try site.remove("content/city/lima.md")
        try site.remove("content/cities/pictures/unused.svg")
        let clean = site.build(["--strict"])
        XCTAssertEqual(clean.status, 0, clean.err)
        XCTAssertEqual(clean.err, "")
    }
}
