import Foundation
import XCTest
@testable import Incremental
import Load

/// A build that only copies files of `static/` again takes the stamps of those files from the
/// check of the inputs (`InputWatch.Check.fileStamps(of:)`): the stamp of each file as it is
/// now, the same as in the table of every watched file, and none for a path not watched or gone.
final class InputWatchStampsTests: XCTestCase {
    func testTheStampsOfTheFilesAskedForAreThoseOfTheWholeTable() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "watch-stamps-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/static/files", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["static/robots.txt", "static/files/leaflet.pdf", "static/CNAME"] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        var watch = InputWatch()
        for name in ["static", "static/files", "static/robots.txt", "static/files/leaflet.pdf", "static/CNAME"] {
            watch.add(folder + "/" + name)
        }
        try Data("User-agent: *\n".utf8).write(to: URL(fileURLWithPath: folder + "/static/robots.txt"))
        try FileManager.default.removeItem(atPath: folder + "/static/CNAME")
        let check = watch.check()
        let all = check.fileStamps()
        let asked = [folder + "/static/robots.txt", folder + "/static/files/leaflet.pdf",
                     folder + "/static/CNAME", folder + "/static/unwatched.txt", folder + "/elsewhere/robots.txt"]
        let stamps = check.fileStamps(of: asked)
        XCTAssertEqual(Set(stamps.keys), [folder + "/static/robots.txt", folder + "/static/files/leaflet.pdf"])
        XCTAssertEqual(stamps[folder + "/static/robots.txt"], all[folder + "/static/robots.txt"])
        XCTAssertEqual(stamps[folder + "/static/files/leaflet.pdf"], all[folder + "/static/files/leaflet.pdf"])
        XCTAssertEqual(stamps[folder + "/static/robots.txt"]?.size, 14, "the stamp is the file's now, not when it was watched")
    }
}
