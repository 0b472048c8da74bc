import Foundation
import XCTest
import OptionalTools
@testable import GazetteerKit

/// A country's form in a real browser against a real `serve --edit`: what the editor does
/// (by the labels) and what lands in the file: only the value changed, Revert back to the
/// disk, the flag picker, problems next to their field, and a conflict that loses nothing.
final class BrowserEditFormTests: XCTestCase {
    override func setUpWithError() throws {
        try requireChromium()
    }

    private let spain = "content/countries/spain.md"

    /// Opens Spain's page and its form.
    private func spainForm(width: Int = 1280) throws -> EditBrowser {
        let browser = try EditBrowser(open: "/countries/spain.html", width: width)
        try browser.click("Edit")
        try browser.waitUntil("t.has('Capital')")
        return browser
    }

    func testEditingACapitalChangesOnlyThatValueInTheFile() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        XCTAssertEqual(try browser.value("Name"), "Spain")
        XCTAssertEqual(try browser.value("Official name"), "Kingdom of Spain")
        XCTAssertEqual(try browser.value("Capital"), "Madrid")
        XCTAssertEqual(try browser.value("Motto"), "Plus Ultra")
        XCTAssertEqual(try browser.run("t.control('Continents').querySelector('input:checked').value") as? String, "Europe")
        XCTAssertTrue(try browser.value("Text").contains("[Madrid](../cities/madrid.md)"))

        try browser.markPage()
        try browser.type("Capital", "Toledo")
        try browser.click("Save")
        let after = try browser.waitForFile(spain) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "capital: Madrid", with: "capital: Toledo"))

        // The site is rebuilt and the page shows the new capital by itself; Undo is offered.
        try browser.waitForReload(then: "document.querySelector('.facts').textContent.includes('Toledo')")
        XCTAssertEqual(try browser.run("t.buttons('Undo').length") as? Int, 1)
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith('Saved Spain')", timeout: 5)
    }

    func testRevertGoesBackToTheFileAsItIsOnDisk() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        try browser.type("Capital", "Sevilla")
        try browser.type("Motto", "")
        try browser.click("Revert")
        try browser.waitUntil("t.control('Capital').value === 'Madrid'")
        XCTAssertEqual(try browser.value("Motto"), "Plus Ultra")
        XCTAssertEqual(browser.file(spain), before, "Revert writes nothing")

        // Revert reads the file again: a change made on disk meanwhile is what it shows.
        try browser.type("Capital", "Sevilla")
        try browser.markPage()
        try Data(before.replacingOccurrences(of: "capital: Madrid", with: "capital: Barcelona").utf8)
            .write(to: browser.site.root.appending(path: spain))
        // The rebuild reloads the page; what was typed is still in the form.
        try browser.waitForReload(then: "t.has('Capital') && t.control('Capital').value === 'Sevilla'")
        try browser.click("Revert")
        try browser.waitUntil("t.control('Capital').value === 'Barcelona'")
        XCTAssertTrue(browser.file(spain)?.contains("capital: Barcelona") ?? false)
    }

    func testAFlagPickedFromThePickerIsSaved() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        XCTAssertTrue(try browser.run("t.name(t.control('Flag'))") as? String == "Flag flags/spain.svg")
        try browser.run("t.control('Flag').click()")
        try browser.waitUntil("document.querySelector('dialog[open]') !== null")
        // Sections by continent, headed as the gallery heads them.
        let headings = try browser.run("[...document.querySelectorAll('dialog[open] h3')].map((h) => h.textContent)") as? [String]
        XCTAssertEqual(headings, ["Asian Flags", "European Flags"])
        XCTAssertEqual(try browser.run("t.button('Spain').getAttribute('aria-pressed')") as? String, "true", "the current flag is marked")
        try browser.click("Japan")
        try browser.waitUntil("document.querySelector('dialog[open]') === null")
        XCTAssertEqual(try browser.run("t.name(t.control('Flag'))") as? String, "Flag flags/japan.svg")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Flag flags/japan.svg", "focus back on Flag")
        try browser.click("Save")
        let after = try browser.waitForFile(spain) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "flag: flags/spain.svg", with: "flag: flags/japan.svg"))
    }

    func testACitysPositionIsItsOwnFieldRefusedWithTheBuildsWordsWhenOutOfRange() throws {
        let browser = try EditBrowser(open: "/cities/madrid.html")
        try browser.click("Edit")
        try browser.waitUntil("t.has('Position')")
        let madrid = "content/cities/madrid.md"
        let before = try XCTUnwrap(browser.file(madrid))
        XCTAssertEqual(try browser.value("Position"), "", "Madrid has no position yet")
        XCTAssertTrue((try browser.run("t.describedBy(t.control('Position'))") as? String ?? "").contains("Latitude, longitude"))
        try browser.type("Position", "-3.7038, 240.4168")
        try browser.click("Save")
        try browser.waitUntil("t.control('Position').getAttribute('aria-invalid') === 'true'")
        let described = try browser.run("t.describedBy(t.control('Position'))") as? String ?? ""
        XCTAssertTrue(described.contains("content/cities/madrid.md:5:") && described.contains("out of range"), described)
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Position", "focus on the field to fix")
        XCTAssertEqual(browser.file(madrid), before, "nothing written")

        try browser.type("Position", "40.4168, -3.7038")
        try browser.click("Save")
        let after = try browser.waitForFile(madrid) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "picture: pictures/madrid.svg\n", with: "picture: pictures/madrid.svg\nposition: 40.4168, -3.7038\n"))
    }

    func testACountrysISOCodeIsItsOwnField() throws {
        let browser = try EditBrowser(open: "/countries/turkey.html")
        try browser.click("Edit")
        try browser.waitUntil("t.has('ISO code')")
        let turkey = "content/countries/turkey.md"
        let before = try XCTUnwrap(browser.file(turkey))
        XCTAssertEqual(try browser.value("ISO code"), "TR")
        XCTAssertEqual(try browser.run("t.has('Iso')") as? Bool, false, "not also shown as an extra key")
        try browser.type("ISO code", "TX")
        try browser.click("Save")
        try browser.waitUntil("t.control('ISO code').getAttribute('aria-invalid') === 'true'")
        XCTAssertTrue((try browser.run("t.describedBy(t.control('ISO code'))") as? String ?? "").contains("unknown ISO 3166-1 code \"TX\""))
        try browser.type("ISO code", "TUR")
        try browser.click("Save")
        let after = try browser.waitForFile(turkey) { $0 != before }
        XCTAssertEqual(after, before.replacingOccurrences(of: "iso: TR", with: "iso: TUR"))
    }

    func testAProblemShowsNextToItsFieldAndNothingIsWritten() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        try browser.type("Name", "")
        try browser.click("Save")
        try browser.waitUntil("t.control('Name').getAttribute('aria-invalid') === 'true'")
        let described = try browser.run("t.describedBy(t.control('Name'))") as? String ?? ""
        XCTAssertTrue(described.contains("content/countries/spain.md"), "the build's located words: \(described)")
        XCTAssertEqual(try browser.run("t.name(document.activeElement)") as? String, "Name", "focus on the field to fix")
        try browser.waitUntil("document.querySelector('.gz-bar [role=status]').textContent.startsWith('Not saved')")
        XCTAssertEqual(browser.file(spain), before)
    }

    func testAConflictWithAChangeOnDiskLosesNeitherVersion() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        try browser.type("Capital", "Toledo")
        // Meanwhile, a text editor changes the motto on disk.
        let theirs = before.replacingOccurrences(of: "motto: Plus Ultra", with: "motto: Plus Ultra!")
        try browser.markPage()
        try Data(theirs.utf8).write(to: browser.site.root.appending(path: spain))
        try browser.waitForReload(then: "t.has('Capital') && t.control('Capital').value === 'Toledo'")

        try browser.click("Save")
        try browser.waitUntil("t.buttons('Keep mine').length === 1")
        XCTAssertEqual(browser.file(spain), theirs, "nothing written over the change on disk")
        let versions = try browser.run("[...document.querySelectorAll('.gz-version')].map((v) => [t.name(v.querySelector('pre')), v.querySelector('pre').textContent])") as? [[String]]
        XCTAssertEqual(versions?.map { $0[0] }, ["Your version", "The file on disk"])
        XCTAssertTrue(versions?[0][1].contains("capital: Toledo") ?? false, "\(versions ?? [])")
        XCTAssertTrue(versions?[1][1].contains("motto: Plus Ultra!") ?? false, "\(versions ?? [])")
        XCTAssertTrue(versions?[1][1].contains("capital: Madrid") ?? false, "\(versions ?? [])")

        try browser.click("Keep mine")
        let merged = try browser.waitForFile(spain) { $0 != theirs }
        XCTAssertEqual(merged, theirs.replacingOccurrences(of: "capital: Madrid", with: "capital: Toledo"), "both changes kept")
    }

    func testKeepTheFilesVersionWritesNothing() throws {
        let browser = try spainForm()
        let before = try XCTUnwrap(browser.file(spain))
        try browser.type("Capital", "Toledo")
        let theirs = before.replacingOccurrences(of: "capital: Madrid", with: "capital: Girona")
        try browser.markPage()
        try Data(theirs.utf8).write(to: browser.site.root.appending(path: spain))
        try browser.waitForReload(then: "t.has('Capital') && t.control('Capital').value === 'Toledo'")
        try browser.click("Save")
        try browser.waitUntil("t.buttons('Keep the file\\'s').length === 1")
        try browser.click("Keep the file's")
        try browser.waitUntil("t.control('Capital').value === 'Girona'")
        usleep(300_000)
        XCTAssertEqual(browser.file(spain), theirs)
    }
}
