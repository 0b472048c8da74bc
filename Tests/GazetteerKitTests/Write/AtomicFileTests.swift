import Foundation
import Glibc
import XCTest
@testable import Write

/// One file written whole or not at all: a replaced file keeps its permissions, a new one
/// never replaces a file, and no temporary file is left behind.
final class AtomicFileTests: XCTestCase {
    func testAReplacedFileKeepsItsPermissionsAndANewOneNeverReplacesAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "spain.md").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, 0o640), 0)
        try AtomicFile.write(Array("new\n".utf8), to: path, replace: true)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new\n".utf8))
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640, "the permissions stay")

        XCTAssertThrowsError(try AtomicFile.write(Array("other\n".utf8), to: path, replace: false)) { error in
            XCTAssertTrue((error as? AtomicFile.Failure)?.exists == true)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new\n".utf8))
        let fresh = folder.appending(path: "japan.md").path
        try AtomicFile.write(Array("made\n".utf8), to: fresh, replace: false)
        XCTAssertEqual(FileManager.default.contents(atPath: fresh), Data("made\n".utf8))
        try AtomicFile.remove(fresh)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["spain.md"], "no temporary file left")
    }
}
