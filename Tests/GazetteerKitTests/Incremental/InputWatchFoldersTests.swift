import Foundation
import XCTest
@testable import Incremental

/// Whether the folders of the theme or of `static/` are as they were
/// (`InputWatch.Check.foldersUnchanged(under:)`) decides whether a build keeps the last one's
/// plans and watch: a file added to or removed from any folder at or under the path is seen, a
/// file edited in place is not a folder change, a folder beside it whose name starts the same
/// (`static-old`) is not under it, and a folder that was missing and is there now is new.
final class InputWatchFoldersTests: XCTestCase {
    private var site = ""

    override func setUpWithError() throws {
        site = FileManager.default.temporaryDirectory.appending(path: "watch-folders-\(UUID().uuidString)").path
        for folder in ["static/files", "static-old", "theme/templates"] {
            try FileManager.default.createDirectory(atPath: site + "/" + folder, withIntermediateDirectories: true)
        }
        for name in ["static/robots.txt", "static/files/leaflet.pdf", "static-old/CNAME", "theme/templates/city.mustache"] {
            try write(name, name)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: site) }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: site + "/" + name))
    }

    /// Watches every folder and file of the site, as a build does, and the paths `missing` too.
    private func watch(missing: [String] = []) -> InputWatch {
        var watch = InputWatch()
        for name in ["static", "static/files", "static-old", "theme", "theme/templates", "static/robots.txt",
                     "static/files/leaflet.pdf", "static-old/CNAME", "theme/templates/city.mustache"] + missing {
            watch.add(site + "/" + name)
        }
        return watch
    }

    func testAFileAddedInAFolderUnderThePathIsSeenThere() throws {
        let watch = watch()
        try write("static/files/map.pdf", "%PDF")
        let check = watch.check()
        XCTAssertFalse(check.foldersUnchanged(under: site + "/static"), "static/files/ gained a file")
        XCTAssertTrue(check.foldersUnchanged(under: site + "/theme"), "the theme's folders are as they were")
    }

    func testAFileEditedInPlaceChangesNoFolder() throws {
        let watch = watch()
        try write("static/robots.txt", "User-agent: *\nDisallow:\n")
        XCTAssertTrue(watch.check().foldersUnchanged(under: site + "/static"))
    }

    func testAFolderBesideThePathWithALongerNameIsNotUnderIt() throws {
        let watch = watch()
        try FileManager.default.removeItem(atPath: site + "/static-old/CNAME")
        let check = watch.check()
        XCTAssertTrue(check.foldersUnchanged(under: site + "/static"), "static-old/ is not inside static/")
        XCTAssertFalse(check.foldersUnchanged(under: site + "/static-old"))
    }

    func testAFolderMissingLastTimeAndThereNowIsNew() throws {
        let watch = watch(missing: ["extra"])
        XCTAssertTrue(watch.check().foldersUnchanged(under: site + "/extra"), "still missing: as it was")
        try FileManager.default.createDirectory(atPath: site + "/extra", withIntermediateDirectories: true)
        XCTAssertFalse(watch.check().foldersUnchanged(under: site + "/extra"))
    }
}
