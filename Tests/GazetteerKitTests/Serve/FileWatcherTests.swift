import Foundation
import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental
import Locking

final class FileWatcherTests: XCTestCase {
    /// The batches a watcher reported, in order, with a way to wait for the next one.
    private final class Batches: Sendable {
        private let batches = Locked<[Set<String>]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func record(_ paths: Set<String>) {
            batches.withLock { $0.append(paths) }
            arrived.signal()
        }

        /// The next batch, if it comes within `timeout`.
        func next(within timeout: Duration = .milliseconds(300)) -> Set<String>? {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
            return batches.withLock { $0.removeFirst() }
        }
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "content/countries"), withIntermediateDirectories: true)
        try write("content/countries/spain.md", "---\nname: Spain\n---\n")
        try write("gazetteer.yaml", "title: Guide\n")
        try write("notes.txt", "unwatched\n")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appending(path: path))
    }

    private func path(_ relative: String) -> String { folder.appending(path: relative).standardizedFileURL.path }

    private func watch(_ paths: [String]) throws -> (FileWatcher, Batches) {
        let batches = Batches()
        let watcher = try FileWatcher(paths: paths.map { folder.appending(path: $0) }, debounce: .milliseconds(50)) {
            batches.record($0)
        }
        watcher.start()
        addTeardownBlock { watcher.stop() }
        return (watcher, batches)
    }

    func testCreateModifyAndDeleteAreReportedWithin300ms() throws {
        let (_, batches) = try watch(["content"])
        let start = ContinuousClock.now
        try write("content/countries/france.md", "---\nname: France\n---\n")
        XCTAssertEqual(batches.next(), [path("content/countries/france.md")])
        print("a new file was reported after \(ContinuousClock.now - start)")
        try write("content/countries/spain.md", "---\nname: España\n---\n")
        XCTAssertEqual(batches.next(), [path("content/countries/spain.md")])
        try FileManager.default.removeItem(at: folder.appending(path: "content/countries/france.md"))
        XCTAssertEqual(batches.next(), [path("content/countries/france.md")])
        try FileManager.default.moveItem(at: folder.appending(path: "content/countries/spain.md"),
                                         to: folder.appending(path: "content/countries/espana.md"))
        XCTAssertEqual(batches.next(), [path("content/countries/spain.md"), path("content/countries/espana.md")])
    }

    func testNewSubfoldersAreWatchedToo() throws {
        let (watcher, batches) = try watch(["content"])
        try FileManager.default.createDirectory(at: folder.appending(path: "content/cities/spain"), withIntermediateDirectories: true)
        try write("content/cities/spain/madrid.md", "---\nname: Madrid\n---\n")
        var seen: Set<String> = []
        while !seen.contains(path("content/cities/spain/madrid.md")), let batch = batches.next() { seen.formUnion(batch) }
        XCTAssertTrue(seen.contains(path("content/cities/spain/madrid.md")), "\(seen)")
        XCTAssertTrue(watcher.watchedFolders.contains(path("content/cities/spain")))
        while batches.next(within: .milliseconds(150)) != nil {}
        try write("content/cities/spain/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n")
        XCTAssertEqual(batches.next(), [path("content/cities/spain/madrid.md")])
    }

    func testRenamedFoldersAreFollowedUnderTheirNewName() throws {
        try FileManager.default.createDirectory(at: folder.appending(path: "content/cities"), withIntermediateDirectories: true)
        try write("content/cities/madrid.md", "Madrid")
        let (watcher, batches) = try watch(["content"])
        try FileManager.default.moveItem(at: folder.appending(path: "content/cities"), to: folder.appending(path: "content/towns"))
        XCTAssertEqual(batches.next(), [path("content/cities"), path("content/towns"), path("content/towns/madrid.md")])
        XCTAssertFalse(watcher.watchedFolders.contains(path("content/cities")))
        try write("content/towns/madrid.md", "Madrid!")
        XCTAssertEqual(batches.next(), [path("content/towns/madrid.md")])
    }

    func testABurstOfWritesIsOneOrTwoCallbacks() throws {
        let (_, batches) = try watch(["content"])
        for i in 0..<10 {
            try write("content/countries/spain.md", "---\nname: Spain \(i)\n---\n")
            usleep(5000)
        }
        XCTAssertEqual(batches.next(), [path("content/countries/spain.md")])
        var more = 0
        while batches.next(within: .milliseconds(200)) != nil { more += 1 }
        XCTAssertLessThanOrEqual(more, 1)
    }

    func testSingleFilesAreWatchedThroughTheirFolder() throws {
        let (watcher, batches) = try watch(["gazetteer.yaml", "content"])
        XCTAssertTrue(watcher.watchedFolders.contains(path("")))
        try write("notes.txt", "changed, but not watched\n")
        XCTAssertNil(batches.next(within: .milliseconds(200)), "a sibling of a watched file is not reported")
        try write("gazetteer.yaml", "title: Other\n")
        XCTAssertEqual(batches.next(), [path("gazetteer.yaml")])
    }

    func testEditorScratchFilesAreIgnored() throws {
        let (_, batches) = try watch(["content"])
        for scratch in ["content/countries/.spain.md.swp", "content/countries/spain.md~", "content/countries/4913",
                        "content/countries/.#spain.md"] {
            try write(scratch, "scratch")
        }
        XCTAssertNil(batches.next(within: .milliseconds(200)))
        try write("content/countries/spain.md", "saved")
        XCTAssertEqual(batches.next(), [path("content/countries/spain.md")])
    }

    func testStopEndsReportsAndMissingFoldersAreErrors() throws {
        let (watcher, batches) = try watch(["content"])
        watcher.stop()
        try write("content/countries/spain.md", "after stop")
        XCTAssertNil(batches.next(within: .milliseconds(200)))
        XCTAssertThrowsError(try FileWatcher(paths: [folder.appending(path: "missing/deeper/file.md")]) { _ in }) { error in
            guard case .cannotWatch(let path, _) = error as? ServeError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, self.path("missing/deeper"))
        }
    }
}
