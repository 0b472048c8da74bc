import Foundation
import XCTest
@testable import Load

/// A file's version (what the engine key takes of the executable) stays the same when a hard
/// link to it is made, as perf's build-id cache does to every binary it profiles (the next
/// build rendered the whole guide again), and changes when the file is written.
final class FileStampTests: XCTestCase {
    func testAHardLinkKeepsTheVersionAndAWriteChangesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "gazetteer")
        try Data("version one".utf8).write(to: file)
        let before = try XCTUnwrap(FileStamp.following(file.path))
        // Past the coarse clock's tick, so that the status-change time is sure to move.
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(link(file.path, folder.appending(path: "linked").path), 0)
        let linked = try XCTUnwrap(FileStamp.following(file.path))
        XCTAssertNotEqual(linked, before, "a new link moves the status-change time")
        XCTAssertEqual(linked.version, before.version)

        Thread.sleep(forTimeInterval: 0.05)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(" and two".utf8))
        try handle.close()
        let written = try XCTUnwrap(FileStamp.following(file.path))
        XCTAssertNotEqual(written.version, before.version)
    }
}
