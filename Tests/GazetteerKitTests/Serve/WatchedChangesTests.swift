import Foundation
import XCTest
@testable import GazetteerKit
@testable import Incremental

/// What `serve` tells its builds of the watcher's reports: the paths changed since the last
/// build that succeeded, or nothing (check everything) until the watcher is known to have
/// seen every change: at first, and after it lost events.
final class WatchedChangesTests: XCTestCase {
    func testReportsLastUntilABuildThatTookThemSucceeds() {
        let changes = WatchedChanges()
        changes.watching(folders: ["/guide/content"], files: ["/guide/gazetteer.yaml"])
        changes.record(["/guide/content/cities/osaka.md"])
        let first = changes.take()
        XCTAssertNil(first.hint, "the first build checks everything")
        changes.settle(first.mark)

        changes.record(["/guide/content/cities/kyoto.md"])
        let failed = changes.take()
        XCTAssertEqual(failed.hint?.changed, ["/guide/content/cities/kyoto.md"])
        XCTAssertEqual(failed.hint?.folders, ["/guide/content"])
        // That build failed: the next one is told again, with what came since.
        changes.record(["/guide/content/cities/nara.md"])
        let next = changes.take()
        XCTAssertEqual(next.hint?.changed, ["/guide/content/cities/kyoto.md", "/guide/content/cities/nara.md"])
        changes.record(["/guide/content/cities/kobe.md"])  // while it builds
        changes.settle(next.mark)
        XCTAssertEqual(changes.take().hint?.changed, ["/guide/content/cities/kobe.md"])
    }

    func testLostEventsOrALostFolderMakeTheNextBuildCheckEverything() {
        let changes = WatchedChanges()
        changes.watching(folders: ["/guide/content"], files: [])
        changes.settle(changes.take().mark)
        changes.unsure()
        let unsure = changes.take()
        XCTAssertNil(unsure.hint)
        changes.settle(unsure.mark)
        XCTAssertEqual(changes.take().hint?.changed, [])

        changes.lostCoverage()
        let lost = changes.take()
        XCTAssertNil(lost.hint)
        changes.settle(lost.mark)
        XCTAssertEqual(changes.take().hint?.folders, [], "nothing is covered any more: every path is stat'ed")
    }

    func testAWatcherThatOverflowsTellsTheBuildToCheckEverything() throws {
        let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        try XCTSkipIf(limit > 100_000, "the kernel queues \(limit) events: too many files to make to overflow it")
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-overflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let changes = WatchedChanges()
        let watcher = try FileWatcher(paths: [folder], debounce: .milliseconds(20), changes: changes) { _ in }
        defer { watcher.stop() }
        changes.settle(changes.take().mark)
        // More events than the kernel keeps, made before the watcher reads any: writes to two
        // files in turn (the kernel merges an event only with the same one just before it).
        let files = try ["a", "b"].map { name in
            let url = folder.appending(path: name)
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return try FileHandle(forWritingTo: url)
        }
        for index in 0...(limit + 10) { try files[index % 2].write(contentsOf: Data("x".utf8)) }
        for file in files { try file.close() }
        watcher.start()
        let deadline = Date().addingTimeInterval(20)
        var hint = changes.take().hint
        while hint != nil, Date() < deadline {
            usleep(50_000)
            hint = changes.take().hint
        }
        XCTAssertNil(hint, "events were lost: the next build checks everything")
    }

    func testAWatcherToldOfAWriteNamesItAndItsFolderIsCovered() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "cities"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let changes = WatchedChanges()
        let watcher = try FileWatcher(paths: [folder], debounce: .milliseconds(20), changes: changes) { _ in }
        defer { watcher.stop() }
        watcher.start()
        changes.settle(changes.take().mark)
        let path = folder.appending(path: "cities/osaka.md").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        // Noted as the events are read (the file may come by way of a temporary one).
        let deadline = Date().addingTimeInterval(10)
        var hint = try XCTUnwrap(changes.take().hint)
        while !hint.changed.contains(path), Date() < deadline {
            usleep(20_000)
            hint = try XCTUnwrap(changes.take().hint)
        }
        XCTAssertEqual(hint.folders, [folder.standardizedFileURL.path])
        XCTAssertTrue(hint.changed.contains(path), "\(hint.changed)")
    }
}
