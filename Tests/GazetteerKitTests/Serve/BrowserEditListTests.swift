import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// The Countries table and the City Guide in edit mode, in a real browser against a real
/// `serve --edit`: a city added with a picture appears in the City Guide; a deleted city comes
/// back with Undo, byte for byte.
final class BrowserEditListTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    func testACityAddedWithAPictureShowsInTheCityGuide() throws {
        let browser = try EditBrowser(open: "/cities/index.html")
        try browser.click("Edit")
        try browser.click("Add city…")
        try browser.waitUntil("t.has('Name') && t.has('Country')")
        try browser.type("Name", "Kyōto")
        // The file name comes from the name as `gazetteer new` makes it, before saving.
        try browser.waitUntil("t.control('File name').value === 'kyōto'")
        try browser.select("Country", "Japan")
        try browser.type("Aliases", "Heian-kyō\nMiyako")
        try browser.type("Text", "The old capital of [Japan](../countries/japan.md).\n")

        let picture = browser.site.root.appending(path: "kyoto-upload.png")
        try Data(LargePNG.solid(width: 40, height: 30, rgb: (200, 40, 60))).write(to: picture)
        try browser.run("t.control('Picture').click()")
        try browser.waitUntil("t.has('Upload a picture')")
        // The upload lands in content/ at once (the site rebuilds and the page reloads; the form
        // comes back as it was typed).
        try browser.markPage()
        try browser.page.chooseFile("document.querySelector('dialog[open] input[type=file]')", path: picture.path)
        try browser.waitForReload(then: "t.has('Picture') && t.name(t.control('Picture')) !== 'Picture No picture'")
        XCTAssertEqual(try browser.value("Name"), "Kyōto")
        XCTAssertEqual(try browser.value("Aliases"), "Heian-kyō\nMiyako")
        let value = try XCTUnwrap(browser.run("t.name(t.control('Picture'))") as? String).replacingOccurrences(of: "Picture ", with: "")
        XCTAssertTrue(value.hasPrefix("pictures/"), value)
        XCTAssertNotNil(browser.file("content/cities/\(value)"), "the upload is in content/cities/")

        try browser.markPage()
        try browser.click("Save")
        let text = try XCTUnwrap(browser.waitForFile("content/cities/kyōto.md") { $0 != nil })
        XCTAssertTrue(text.contains("name: Kyōto"), text)
        XCTAssertTrue(text.contains("country: japan"), text)
        XCTAssertTrue(text.contains(value), text)
        XCTAssertTrue(text.contains("The old capital of [Japan](../countries/japan.md)."), text)

        // The City Guide, rebuilt, lists it with its picture (and stays in edit mode).
        try browser.waitForReload(then: "[...document.querySelectorAll('.row-link')].some((a) => a.textContent === 'Kyōto')")
        let thumbs = try browser.run("['Kyōto', 'Osaka'].map((n) => [...document.querySelectorAll('.list-row')].find((r) => r.textContent.includes(n)).querySelector('img').getAttribute('src'))") as? [String]
        XCTAssertEqual(thumbs?.count, 2)
        XCTAssertNotEqual(thumbs?.first, thumbs?.last, "Kyōto has its picture, not the placeholder Osaka has: \(thumbs ?? [])")
        XCTAssertEqual(try browser.run("t.buttons('Done').length") as? Int, 1)
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith('Added Kyōto')", timeout: 5)
    }

    func testADeletedCityComesBackWithUndo() throws {
        let browser = try EditBrowser(open: "/cities/index.html")
        let osaka = "content/cities/osaka.md"
        let before = try XCTUnwrap(browser.file(osaka))
        try browser.click("Edit")
        XCTAssertEqual(try browser.run("t.buttons('Delete Madrid').length + t.buttons('Delete Osaka').length") as? Int, 2)
        try browser.markPage()
        try browser.click("Delete Osaka")
        _ = try browser.waitForFile(osaka) { $0 == nil }
        try browser.waitForReload(then: "![...document.querySelectorAll('.row-link')].some((a) => a.textContent === 'Osaka')")
        XCTAssertEqual(try browser.run("t.buttons('Done').length") as? Int, 1, "still in edit mode after the reload")

        try browser.markPage()
        try browser.click("Undo")
        let back = try browser.waitForFile(osaka) { $0 != nil }
        XCTAssertEqual(back, before, "the same bytes")
        try browser.waitForReload(then: "[...document.querySelectorAll('.row-link')].some((a) => a.textContent === 'Osaka')")
    }

    func testTheCountriesTableInEditMode() throws {
        let browser = try EditBrowser(open: "/")
        try browser.click("Edit")
        XCTAssertEqual(try browser.run("['Delete Japan', 'Delete Spain', 'Delete Turkey', 'Add country…', 'Done'].map((n) => t.buttons(n).length)") as? [Int],
                       [1, 1, 1, 1, 1])
        // A country that cities belong to is not deleted: the server says which.
        try browser.click("Delete Spain")
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith('Not deleted')")
        let said = try browser.status()
        XCTAssertTrue(said.lowercased().contains("madrid"), said)
        XCTAssertNotNil(browser.file("content/countries/spain.md"))

        try browser.click("Add country…")
        try browser.waitUntil("t.has('Official name') && t.has('Continents') && t.has('Flag')")
        try browser.click("Done")
        XCTAssertEqual(try browser.run("[t.buttons('Edit').length, t.buttons('Delete Japan').length, Number(t.has('Name'))]") as? [Int],
                       [1, 0, 0], "Done leaves edit mode and closes the form")
    }
}
