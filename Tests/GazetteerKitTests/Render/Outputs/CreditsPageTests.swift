import XCTest
@testable import GazetteerKit
@testable import Render

/// Picture credits (issue 27): a picture's caption, credit and licence under it on its page,
/// in its data record, and on the guide's "Picture credits" page.
final class CreditsPageTests: XCTestCase {
    private static let madrid = """
        ---
        name: Madrid
        country: spain
        picture: pictures/madrid.svg
        picture_caption: The Puerta de Alcalá
        picture_credit: Jane Doe
        picture_license: CC BY 4.0
        ---

        The capital.
        """

    func testACreditIsShownUnderThePictureKeptInTheDataAndListed() throws {
        var files = FixtureSite.good
        files["content/cities/madrid.md"] = Self.madrid
        files["content/countries/spain.md"] = files["content/countries/spain.md"]!.replacingOccurrences(
            of: "flag: flags/spain.svg", with: "flag: flags/spain.svg\nflag_license: Public domain")
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)

        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertTrue(page.contains("""
            <figcaption class="picture-credit"><span class="credit-caption">The Puerta de Alcalá</span> · \
            <span class="credit-by">Jane Doe</span> · <span class="credit-license">CC BY 4.0</span>
            """), page)
        let figure = try XCTUnwrap(page.range(of: "<figure class=\"city-picture\""))
        XCTAssertTrue(page[figure.lowerBound...].prefix(900).contains("<figcaption class=\"picture-credit\">"), "the credit is inside the picture's figure")
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains("<span class=\"credit-license\">Public domain</span>"))
        XCTAssertFalse(try XCTUnwrap(site.read("cities/osaka.html")).contains("class=\"picture-credit\""))

        // In the data files, beside the picture's thumbnails, and null where not given.
        let record = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(site.read("cities/madrid.json")).utf8)) as! [String: Any]
        let picture = try XCTUnwrap(record["picture"] as? [String: Any])
        XCTAssertEqual(picture["caption"] as? String, "The Puerta de Alcalá")
        XCTAssertEqual(picture["credit"] as? String, "Jane Doe")
        XCTAssertEqual(picture["license"] as? String, "CC BY 4.0")
        let osaka = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(site.read("cities/osaka.json")).utf8)) as! [String: Any]
        XCTAssertTrue((osaka["picture"] as! [String: Any])["credit"] is NSNull)
        XCTAssertTrue(try XCTUnwrap(site.read("data/cities.json")).contains("Jane Doe"))
        let schema = try XCTUnwrap(site.read("data/schema/city.json"))
        XCTAssertTrue(schema.contains("\"license\""), schema)

        // The credits page lists each credited picture, and every page's footer links it.
        let credits = try XCTUnwrap(site.read("picture-credits.html"))
        XCTAssertTrue(credits.contains("<h1 class=\"page-title\">Picture credits</h1>"))
        XCTAssertTrue(credits.contains("<a class=\"row-link\" href=\"cities/madrid.html\">Madrid</a>"), credits)
        XCTAssertTrue(credits.contains("<a class=\"row-link\" href=\"countries/spain.html\">Spain</a>"), credits)
        XCTAssertTrue(credits.contains("Jane Doe"))
        XCTAssertFalse(credits.contains("Osaka"))
        XCTAssertTrue(try XCTUnwrap(site.read("cities/osaka.html")).contains("<a href=\"../picture-credits.html\">Picture credits</a>"))
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("<a href=\"picture-credits.html\">Picture credits</a>"))
    }

    func testTheCreditsPageComesAndGoesWithTheCredits() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("picture-credits.html"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("Picture credits"))

        try site.write("content/cities/madrid.md", Self.madrid)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("picture-credits.html"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a first credit")

        // Another licence: the credits page and Madrid's files, not the others.
        try site.write("content/cities/madrid.md", Self.madrid.replacingOccurrences(of: "CC BY 4.0", with: "CC BY-SA 4.0"))
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(try XCTUnwrap(site.read("picture-credits.html")).contains("CC BY-SA 4.0"))
        XCTAssertFalse(result.out.contains("(0 rendered"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a new licence")

        try site.write("content/cities/madrid.md", FixtureSite.good["content/cities/madrid.md"]!)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("picture-credits.html"))
        XCTAssertFalse(try XCTUnwrap(site.read("cities/osaka.html")).contains("Picture credits"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after the last credit went")
    }

    func testCreditMistakesAreLocated() throws {
        var files = FixtureSite.good
        files["content/cities/madrid.md"] = Self.madrid.replacingOccurrences(of: "picture_license: CC BY 4.0", with: "picture_license: \"  \"")
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:7:18: \"picture_license\" must not be empty (leave it out instead)"), result.err)

        // A credit for a picture the file does not name: merely odd.
        try site.write("content/cities/madrid.md", Self.madrid)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\npicture_credit: Jane Doe\n---\n")
        let odd = site.build()
        XCTAssertEqual(odd.status, 0, odd.err)
        XCTAssertTrue((odd.out + odd.err).contains(
            "content/cities/osaka.md:4:1: warning: there is no picture for this to be said of: add \"picture:\", or remove it"), odd.out + odd.err)
        XCTAssertFalse(try XCTUnwrap(site.read("picture-credits.html")).contains("Osaka"))
    }
}
