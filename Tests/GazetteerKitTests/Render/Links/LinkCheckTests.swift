import XCTest
@testable import Render

/// Every internal link of the output is checked after rendering (issue 27): a broken one is
/// an error at the content line, or the template line, that wrote it.
final class LinkCheckTests: XCTestCase {
    private func site(_ body: String, city: String = "content/cities/madrid.md") throws -> FixtureSite {
        var files = FixtureSite.good
        files[city] = """
            ---
            name: Madrid
            country: spain
            ---

            The capital.

            \(body)
            """
        return try FixtureSite(files)
    }

    func testABrokenHTMLLinkIsLocatedAtItsContentLine() throws {
        let site = try site("Go on to [Osaka](osaka.html) or [Kobe](kobe.html).")
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/madrid.md:8:33: link to \"kobe.html\" leads to nothing: the guide has no cities/kobe.html"), result.err)
        XCTAssertFalse(result.err.contains("osaka.html"), result.err)
    }

    func testTheSuggestionIsTheNearestFileOfTheOutput() throws {
        let site = try site("See [Spain](spain.html) and [Osaka](osak.html) and [Japan](../countries/japan).")
        defer { site.delete() }
        let err = site.build().err
        XCTAssertTrue(err.contains("link to \"spain.html\" leads to nothing: the guide has no cities/spain.html (did you mean \"../countries/spain.html\"?)"), err)
        XCTAssertTrue(err.contains("(did you mean \"osaka.html\"?)"), err)
        XCTAssertTrue(err.contains("content/cities/madrid.md:8:52: link to \"../countries/japan\" leads to nothing"), err)
        XCTAssertTrue(err.contains("(did you mean \"../countries/japan.html\"?)"), err)
    }

    func testARootAbsoluteLinkIsAnError() throws {
        let site = try site("Also [Osaka](/cities/osaka.html).")
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:8:6: link to \"/cities/osaka.html\" starts at the server's root"), result.err)
        XCTAssertTrue(result.err.contains("(write \"osaka.html\")"), result.err)
    }

    func testTheSiteOwnAddressAndExternalLinksAreNotErrors() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nbase_url: https://example.org/guide/\n"
        files["content/cities/osaka.md"] = """
            ---
            name: Osaka
            country: japan
            ---

            [Madrid](https://example.org/guide/cities/madrid.html), [a map](https://maps.example.com/osaka),
            [mail](mailto:a@example.org), [top](#top), [here](osaka.html?x=1#y).
            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)
        try site.write("content/cities/osaka.md", files["content/cities/osaka.md"]!.replacingOccurrences(
            of: "guide/cities/madrid.html", with: "guide/cities/madird.html"))
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/osaka.md:6:1: link to \"https://example.org/guide/cities/madird.html\" leads to nothing: the guide has no cities/madird.html"),
            result.err)
    }

    func testALinkFromATemplateIsLocatedAtTheTemplateLine() throws {
        var files = FixtureSite.good
        files["templates/partials/footer.mustache"] = """
            <footer class="site-footer">
            <p>{{site.title}} · <a href="{{root}}assets/style.css">style</a>
            <a href="{{root}}about.html">About</a></p>
            </footer>

            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "templates/partials/footer.mustache:3:10: link to \"about.html\" (on index.html) leads to nothing: the guide has no about.html"),
            result.err)
        XCTAssertTrue(result.err.contains("link to \"../about.html\" (on cities/madrid.html)"), result.err)
        XCTAssertFalse(result.err.contains("style.css"), result.err)
    }

    func testAPageIsCheckedAgainWhenWhatItLinksToGoes() throws {
        let site = try site("Go on to [Osaka](osaka.html).")
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.remove("content/cities/osaka.md")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:8:10: link to \"osaka.html\" leads to nothing"), result.err)
    }

    func testResolution() {
        let targets = LinkTargets(files: ["index.html", "cities/lima.html", "assets/style.css"], baseURL: nil, sitePath: "/")
        XCTAssertEqual(targets.resolve("lima.html#top", from: "cities/osaka.html"), .file("cities/lima.html"))
        XCTAssertEqual(targets.resolve("../assets/style.css", from: "cities/osaka.html"), .file("assets/style.css"))
        XCTAssertEqual(targets.resolve("../../x.html", from: "cities/osaka.html"), .outside)
        XCTAssertEqual(targets.resolve("./", from: "cities/osaka.html"), .missing("cities/"))
        XCTAssertEqual(targets.resolve("/index.html", from: "cities/osaka.html"), .fromRoot("index.html"))
        XCTAssertEqual(targets.resolve("/index.html", from: "404.html", fromSiteRoot: true), .file("index.html"))
        XCTAssertEqual(targets.resolve("https://example.org/", from: "index.html"), .skipped)
        XCTAssertEqual(targets.resolve("l%69ma.html", from: "cities/osaka.html"), .file("cities/lima.html"))
        XCTAssertEqual(targets.resolve("../images/a.webp", from: "cities/osaka.html"), .skipped)
        XCTAssertEqual(targets.resolve(" ../index.html?q=1", from: "cities/osaka.html"), .file("index.html"))
        XCTAssertEqual(targets.resolve("./.././cities//lima.html", from: "cities/osaka.html"), .file("cities/lima.html"))
        XCTAssertEqual(targets.resolve("..", from: "cities/osaka.html"), .missing(""))
        XCTAssertEqual(targets.resolve("../cities/..", from: "cities/osaka.html"), .missing(""))
        XCTAssertEqual(targets.resolve("cities/.", from: "index.html"), .missing("cities/"))
        XCTAssertEqual(targets.resolve("..", from: "index.html"), .outside)
        XCTAssertEqual(targets.resolve("../lima.html", from: "fr/cities/osaka.html"), .missing("fr/lima.html"))
        XCTAssertEqual(targets.resolve("#top", from: "index.html"), .skipped)
        XCTAssertEqual(targets.resolve("//cdn.example.org/x.js", from: "index.html"), .skipped)
        XCTAssertEqual(targets.resolve("mailto:a@example.org", from: "index.html"), .skipped)
        XCTAssertEqual(targets.resolve("a:b/c.html", from: "index.html"), .skipped)
        XCTAssertEqual(targets.resolve("x/a:b.html", from: "index.html"), .missing("x/a:b.html"))
        XCTAssertEqual(targets.resolve("/nowhere.html", from: "index.html"), .fromRoot(nil))
        XCTAssertEqual(targets.resolve("/../index.html", from: "index.html"), .fromRoot(nil))
        XCTAssertEqual(targets.resolve("Ñandú.html", from: "cities/osaka.html"), .missing("cities/Ñandú.html"))
        let served = LinkTargets(files: ["index.html", "cities/lima.html"], baseURL: "https://example.org/guide/", sitePath: "/guide/")
        XCTAssertEqual(served.resolve("https://example.org/guide/", from: "cities/osaka.html"), .file("index.html"))
        XCTAssertEqual(served.resolve("https://example.org/guide/cities/lima.html", from: "cities/osaka.html"), .file("cities/lima.html"))
        XCTAssertEqual(served.resolve("https://example.org/other/", from: "index.html"), .skipped)
        XCTAssertEqual(served.resolve("/guide/cities/lima.html", from: "404.html", fromSiteRoot: true), .file("cities/lima.html"))
    }

    func testTheScanFindsAttributesOnly() {
        let html = #"<p>href="no"</p><a class="x" href="a.html?b=1&amp;c=2">x</a><img alt='src="no"' src=b.png><link hreflang="en">"#
        XCTAssertEqual(LinkScan.scan(html).map(\.value), ["a.html?b=1&c=2", "b.png"])
    }
}
