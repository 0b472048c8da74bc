import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// A guide's templates/ overrides the built-in theme file by file; `gazetteer theme eject`
/// writes the whole built-in theme for those who want all of it.
final class ThemeOverrideTests: XCTestCase {
    private func guide(_ extra: [String: String]) throws -> FixtureSite {
        var files = FixtureSite.good
        for (path, text) in extra { files[path] = text }
        return try FixtureSite(files)
    }

    func testOnlyAFooterPartialChangesOnlyTheFooter() throws {
        let plain = try guide([:])
        defer { plain.delete() }
        XCTAssertEqual(plain.build().status, 0)
        let site = try guide(["templates/partials/footer.mustache": "<footer class=\"site-footer\"><p>Our own footer</p></footer>\n"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        for page in ["index.html", "countries/spain.html", "cities/madrid.html", "404.html"] {
            let html = try XCTUnwrap(site.read(page), page)
            XCTAssertTrue(html.contains("<p>Our own footer</p>"), page)
            XCTAssertFalse(html.contains("Made with"), page)
        }
        XCTAssertEqual(site.snapshot()["assets/style.css"], plain.snapshot()["assets/style.css"], "the rest is the built-in theme")
        func withoutFooter(_ html: String?) throws -> String {
            try XCTUnwrap(html).replacing(/<footer[\s\S]*<\/footer>/, with: "")
        }
        XCTAssertEqual(try withoutFooter(site.read("countries/spain.html")), try withoutFooter(plain.read("countries/spain.html")),
                       "everything but the footer is the built-in theme's")
    }

    func testALayoutAloneAnAssetAloneOrAPlaceholderAloneBuild() throws {
        let layout = try guide(["templates/layout.mustache": "<!doctype html><title>{{page.title}}</title>{{$main}}{{/main}}\n"])
        defer { layout.delete() }
        let built = layout.build()
        XCTAssertEqual(built.status, 0, built.err)
        XCTAssertTrue(try XCTUnwrap(layout.read("countries/spain.html")).hasPrefix("<!doctype html><title>Spain</title>"))

        let css = try guide(["templates/assets/style.css": "body { color: rebeccapurple; }\n"])
        defer { css.delete() }
        XCTAssertEqual(css.build().status, 0)
        XCTAssertEqual(css.read("assets/style.css"), "body { color: rebeccapurple; }\n")
        XCTAssertTrue(css.exists("assets/table.js"), "the built-in theme's other assets are still copied")

        let placeholder = try guide(["templates/placeholders/city.svg": FixtureSite.flag("#00ff00", width: 1000, height: 750)])
        defer { placeholder.delete() }
        let plain = try guide([:])
        defer { plain.delete() }
        XCTAssertEqual(placeholder.build().status, 0)
        XCTAssertEqual(plain.build().status, 0)
        func picture(_ site: FixtureSite) throws -> String? {
            HTMLLinks.images(in: try XCTUnwrap(site.read("cities/osaka.html"))).compactMap { $0["src"] }
                .first { $0.contains("placeholder") }
        }
        let ours = try XCTUnwrap(try picture(placeholder))
        let theirs = try XCTUnwrap(try picture(plain))
        XCTAssertNotEqual(ours, theirs, "the guide's own placeholder picture is used")
    }

    func testAnOverrideAddedLaterIsPickedUpByTheNextBuild() throws {
        let site = try guide([:])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("templates/partials/footer.mustache", "<footer>Later</footer>\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("<footer>Later</footer>"))
        try site.remove("templates/partials/footer.mustache")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("Made with"), "back to the built-in footer")
    }

    func testEjectWritesTheWholeThemeAndNeverReplacesFilesWithoutForce() throws {
        let site = try guide([:])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = site.snapshot()
        let ejected = site.run(["theme", "eject", "--source", site.root.path])
        XCTAssertEqual(ejected.status, 0, ejected.err)
        for file in DefaultTheme.files {
            XCTAssertEqual(FileManager.default.contents(atPath: site.root.appending(path: "templates/\(file.path)").path),
                           file.data, file.path)
        }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.snapshot(), before, "an ejected theme builds the same site")

        try site.write("templates/partials/footer.mustache", "<footer>Mine</footer>\n")
        let again = site.run(["theme", "eject", "--source", site.root.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.err.contains("already exist; nothing was written. Run with --force"), again.err)
        XCTAssertEqual(FileManager.default.contents(atPath: site.root.appending(path: "templates/partials/footer.mustache").path),
                       Data("<footer>Mine</footer>\n".utf8))
        XCTAssertEqual(site.run(["theme", "eject", "--force", "--source", site.root.path]).status, 0)
        XCTAssertNotEqual(FileManager.default.contents(atPath: site.root.appending(path: "templates/partials/footer.mustache").path),
                          Data("<footer>Mine</footer>\n".utf8))
        XCTAssertEqual(site.run(["theme", "dump", "--source", site.root.path]).status, 2)
    }
}
