import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// A city's picture picker in a real browser: the pictures already in content/ shown as
/// thumbnails with their names (the build's, for a picture a city shows), chosen by keyboard,
/// named for a screen reader by the picture's name.
final class BrowserEditPictureTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    func testThePickersPicturesAreThumbnailsWithTheirNames() throws {
        let spare = FixtureSite.flag("#118833", width: 800, height: 600)
        let browser = try EditBrowser(["content/cities/pictures/spare.svg": spare], open: "/cities/osaka.html")
        try browser.click("Edit")
        try browser.waitUntil("t.has('Picture')")
        let osaka = "content/cities/osaka.md"
        let before = try XCTUnwrap(browser.file(osaka))
        try browser.run("t.control('Picture').focus()")
        try browser.page.press("Enter")
        try browser.waitUntil("document.querySelector('dialog[open]') !== null")

        // Madrid's picture: the build's thumbnail, loaded, under its name; the button is named by it alone.
        try browser.waitUntil("t.button('madrid.svg').querySelector('img') !== null && t.button('madrid.svg').querySelector('img').complete")
        XCTAssertGreaterThan(try browser.run("t.button('madrid.svg').querySelector('img').naturalWidth") as? Int ?? 0, 0, "the thumbnail loads")
        XCTAssertEqual(try browser.run("t.button('madrid.svg').querySelector('img').getAttribute('alt')") as? String, "")
        // A picture no city shows yet has no thumbnail from the build: its name, over an empty frame.
        XCTAssertEqual(try browser.run("t.button('spare.svg').querySelector('img')") as? NSNull, NSNull())
        XCTAssertEqual(try browser.run("t.button('spare.svg').getAttribute('aria-pressed')") as? String, "false")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "No picture", "focus on the current choice")

        // By keyboard: Tab to a picture, Return chooses it; focus back on Picture.
        try browser.run("t.button('spare.svg').focus()")
        try browser.page.press("Enter")
        try browser.waitUntil("document.querySelector('dialog[open]') === null")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Picture pictures/spare.svg")
        try browser.click("Save")
        let after = try browser.waitForFile(osaka) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "country: japan\n", with: "country: japan\npicture: pictures/spare.svg\n"))
    }
}
