import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// Edit mode by keyboard and for screen readers: axe-core finds nothing on the pages in edit
/// mode (the table in edit mode, a form open, a problem shown, the picker open, a conflict, at
/// 1280 and 375 px); Return in a field does not save, Control+Return does; Escape closes the
/// picker and gives the focus back.
final class BrowserEditAccessibilityTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    /// axe-core's script, or a skip saying where to get it (decided before anything runs).
    private func axeSource() throws -> String {
        try String(contentsOf: requireAxeCore(), encoding: .utf8)
    }

    /// One line per rule axe-core finds broken on the page as it is now.
    private func violations(_ browser: EditBrowser, axe: String, _ what: String) throws -> [String] {
        if try browser.page.run("typeof window.axe") as? String != "object" { try browser.page.run(axe) }
        let found = try browser.page.run("""
            axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
              v.id + ' (' + v.nodes.length + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')))
            """, timeout: 60) as? [String] ?? ["axe did not answer"]
        return found.map { "\(what): \($0)" }
    }

    func testAxeFindsNothingInEditMode() throws {
        let axe = try axeSource()
        for width in [1280, 375] {
            var found: [String] = []
            let browser = try EditBrowser(open: "/", width: width)
            try browser.click("Edit")
            found += try violations(browser, axe: axe, "\(width) px, Countries in edit mode")
            try browser.click("Add country…")
            try browser.waitUntil("t.has('Official name')")
            found += try violations(browser, axe: axe, "\(width) px, a new country")

            try browser.open("/cities/index.html")
            try browser.click("Edit")
            found += try violations(browser, axe: axe, "\(width) px, City Guide in edit mode")

            try browser.open("/cities/madrid.html")
            try browser.click("Edit")
            try browser.waitUntil("t.has('Country')")
            found += try violations(browser, axe: axe, "\(width) px, a city's form")
            try browser.run("t.control('Picture').click()")
            try browser.waitUntil("document.querySelector('dialog[open]') !== null")
            found += try violations(browser, axe: axe, "\(width) px, the picture picker")
            try browser.page.press("Escape")
            try browser.waitUntil("document.querySelector('dialog[open]') === null")
            try browser.click("Rename file…")
            try browser.waitUntil("t.has('New file name')")
            found += try violations(browser, axe: axe, "\(width) px, a city's new file name asked for")

            try browser.open("/countries/spain.html")
            try browser.click("Edit")
            try browser.waitUntil("t.has('Capital')")
            try browser.click("Preview")
            try browser.waitUntil("document.querySelector('.gz-preview .prose a') !== null")
            found += try violations(browser, axe: axe, "\(width) px, a country's form with its preview")
            try browser.type("Name", "")
            try browser.click("Save")
            try browser.waitUntil("t.control('Name').getAttribute('aria-invalid') === 'true'")
            found += try violations(browser, axe: axe, "\(width) px, a problem shown")
            try browser.run("t.control('Flag').click()")
            try browser.waitUntil("document.querySelector('dialog[open]') !== null")
            found += try violations(browser, axe: axe, "\(width) px, the flag picker")
            try browser.page.press("Escape")
            try browser.waitUntil("document.querySelector('dialog[open]') === null")

            try browser.type("Name", "Spain")
            try browser.type("Capital", "Toledo")
            let spain = try XCTUnwrap(browser.file("content/countries/spain.md"))
            try browser.markPage()
            try Data(spain.replacingOccurrences(of: "Plus Ultra", with: "Plus Ultra!").utf8)
                .write(to: browser.site.root.appending(path: "content/countries/spain.md"))
            try browser.waitForReload(then: "t.has('Capital') && t.control('Capital').value === 'Toledo'")
            try browser.click("Save")
            try browser.waitUntil("t.buttons('Keep mine').length === 1")
            found += try violations(browser, axe: axe, "\(width) px, a conflict")
            XCTAssertEqual(found, [], found.joined(separator: "\n"))
        }
    }

    func testContinentPagesOfferNothingToEditAndTheirLinksLeadToTheForms() throws {
        let axe = try axeSource()
        let browser = try EditBrowser(open: "/continents/index.html")
        // Only the bar of edit mode: no Edit button, no control of a form or a list.
        let strays = "[...document.querySelectorAll('[class*=\"gz-\"]')].filter((e) => e !== document.body && !e.closest('.gz-bar')).length"
        XCTAssertEqual(try browser.run(strays) as? Int, 0)
        XCTAssertEqual(try browser.run("t.buttons('Edit').length") as? Int, 0)
        var found = try violations(browser, axe: axe, "the continents in edit mode")
        try browser.run("[...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'Europe').click()")
        try browser.waitUntil("location.pathname === '/continents/europe.html' && document.querySelector('.gz-bar') !== null")
        XCTAssertEqual(try browser.run(strays) as? Int, 0)
        XCTAssertEqual(try browser.run("t.buttons('Edit').length") as? Int, 0, "a continent's page has nothing to edit")
        found += try violations(browser, axe: axe, "a continent in edit mode")
        XCTAssertEqual(found, [], found.joined(separator: "\n"))

        // Its links lead into edit mode: Spain's page, with its form.
        try browser.run("[...document.querySelectorAll('table.countries a')].find((a) => a.textContent.trim() === 'Spain').click()")
        try browser.waitUntil("location.pathname === '/countries/spain.html' && t.buttons('Edit').length === 1")
        try browser.click("Edit")
        try browser.waitUntil("t.has('Capital') && t.control('Capital').value === 'Madrid'")
    }

    func testTheFormByKeyboard() throws {
        let browser = try EditBrowser(open: "/countries/spain.html")
        let spain = "content/countries/spain.md"
        let before = try XCTUnwrap(browser.file(spain))
        try browser.click("Edit")
        try browser.waitUntil("t.has('Capital')")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Name", "the form opens on its first field")

        // Return in a one-line field does not send the form.
        try browser.type("Capital", "Toledo")
        try browser.page.press("Enter")
        usleep(500_000)
        XCTAssertEqual(browser.file(spain), before)
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Capital")

        // The flag picker opens from the keyboard; Escape closes it and the focus comes back.
        try browser.run("t.control('Flag').focus()")
        try browser.page.press("Enter")
        try browser.waitUntil("document.querySelector('dialog[open]') !== null")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Spain", "focus on the current flag")
        try browser.page.press("Escape")
        try browser.waitUntil("document.querySelector('dialog[open]') === null")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Flag flags/spain.svg")

        // Save is reachable: Control+Return from a field, as well as the button.
        try browser.run("t.control('Capital').focus()")
        try browser.page.press("Enter", modifiers: 2)
        let after = try browser.waitForFile(spain) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "capital: Madrid", with: "capital: Toledo"))
    }
}
