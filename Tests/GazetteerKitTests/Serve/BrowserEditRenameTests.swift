import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// **Rename file…** on a city's form in a real browser: the new name asked for with the old
/// one filled in and the address that will change shown, then the file moved, the old
/// address sending readers on, and the country's page listing the city under its new address.
final class BrowserEditRenameTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    func testRenamingACityMovesItsFileAndKeepsItsOldAddressWorking() throws {
        let browser = try EditBrowser(open: "/cities/madrid.html")
        let before = try XCTUnwrap(browser.file("content/cities/madrid.md"))
        try browser.click("Edit")
        try browser.waitUntil("t.has('Name')")
        try browser.click("Rename file…")
        try browser.waitUntil("t.has('New file name')")
        XCTAssertEqual(try browser.value("New file name"), "madrid")
        try browser.type("New file name", "madrid-centro")
        let address = try browser.run("t.control('New file name').closest('.gz-field').querySelector('.gz-address').textContent") as? String
        XCTAssertEqual(address, "The address changes from cities/madrid.html to cities/madrid-centro.html.")

        try browser.markPage()
        try browser.click("Rename")
        // The new file is written first, the old name goes last.
        _ = try browser.waitForFile("content/cities/madrid.md") { $0 == nil }
        let moved = browser.file("content/cities/madrid-centro.md")
        XCTAssertEqual(moved, before.replacingOccurrences(of: "picture: pictures/madrid.svg\n",
                                                          with: "picture: pictures/madrid.svg\nredirect_from: [madrid]\n"))
        XCTAssertTrue(browser.file("content/countries/spain.md")?.contains("[Madrid](../cities/madrid-centro.md)") == true)
        // The editor lands on the new page.
        try browser.waitForReload(then: "location.pathname === '/cities/madrid-centro.html' && document.querySelector('h1').textContent.includes('Madrid')")

        // The old address sends the reader on.
        try browser.page.open(browser.base + "/cities/madrid.html",
                              ready: "location.pathname === '/cities/madrid-centro.html' && document.querySelector('.gz-bar')")
        // The country's page lists the city under its new address.
        try browser.open("/countries/spain.html")
        let links = try browser.run("[...document.querySelectorAll('a')].map((a) => a.getAttribute('href'))") as? [String] ?? []
        XCTAssertTrue(links.contains("../cities/madrid-centro.html"), "\(links)")
        XCTAssertFalse(links.contains("../cities/madrid.html"), "\(links)")
    }
}
