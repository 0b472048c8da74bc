import Foundation
import XCTest
@testable import GazetteerKit

/// A full disk, a read-only output and a damaged cache: each is a clear error (or is
/// repaired), the previous site stays as it was, and the thumbnail cache never keeps a
/// broken entry. The disk tests mount a small tmpfs and so run as root only.
final class StorageFailureTests: XCTestCase {
    /// A tmpfs of `size` at a new folder, unmounted at the end of the test.
    private func smallDisk(_ size: String) throws -> URL {
        try XCTSkipUnless(getuid() == 0, "not root: the full-disk and read-only tests need to mount a tmpfs")
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        addTeardownBlock {
            _ = try? self.run("/bin/umount", [folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }

    private func mount(_ arguments: [String]) throws {
        let status = try run("/bin/mount", arguments)
        try XCTSkipUnless(status == 0, "mount \(arguments.joined(separator: " ")) failed: no tmpfs here")
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func build(_ site: FixtureSite, into disk: URL) -> (status: Int32, out: String, err: String) {
        site.run(["build", "--source", site.root.path, "--output", disk.appending(path: "site").path,
                  "--cache", disk.appending(path: "cache").path])
    }

    private func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.path + "/" + path) { files[path] = data }
        }
        return files
    }

    private func assertCacheWhole(_ disk: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let images = disk.appending(path: "cache/images")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? [] where !name.hasPrefix("CACHEDIR") {
            XCTAssertFalse(name.hasSuffix(".tmp"), "a temporary file was left: \(name)", file: file, line: line)
            let head = FileManager.default.contents(atPath: images.path + "/" + name)?.prefix(4) ?? Data()
            XCTAssertTrue(head.starts(with: [0x89, 0x50]) || head.starts(with: [0xFF, 0xD8]),
                          "\(name) is not a whole image", file: file, line: line)
        }
    }

    func testAFullDiskFailsClearlyKeepsThePreviousSiteAndLeavesNoBrokenCacheEntry() throws {
        let disk = try smallDisk("448k")
        let site = try FixtureSite()
        defer { site.delete() }
        // Pages (with their maps) fit, the thumbnails of a picture of noise do not: one message, no half file.
        try site.write("content/cities/pictures/madrid.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750"><filter id="n">\
            <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="3" seed="7"/></filter>\
            <rect width="1000" height="750" filter="url(#n)"/></svg>
            """)
        let tooSmall = build(site, into: disk)
        XCTAssertEqual(tooSmall.status, 1)
        XCTAssertTrue(tooSmall.err.contains("no space left on device while writing \(disk.path)/cache/images/"), tooSmall.err)
        XCTAssertEqual(tooSmall.err.components(separatedBy: "no space left").count, 2, "one message: \(tooSmall.err)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: disk.appending(path: "site").path))
        try assertCacheWhole(disk)

        // With room, the build works; then a page too big for what is left fails it.
        try mount(["-o", "remount,size=4m", "tmpfs", disk.path])
        XCTAssertEqual(build(site, into: disk).status, 0)
        let before = files(in: disk.appending(path: "site"))
        try site.write("content/cities/huge.md", "---\nname: Huge\ncountry: spain\n---\n\n"
                       + String(repeating: "A very long description. ", count: 200_000))
        let full = build(site, into: disk)
        XCTAssertEqual(full.status, 1)
        XCTAssertTrue(full.err.contains("no space left on device while writing \(disk.path)/site/"), full.err)
        XCTAssertEqual(full.err.components(separatedBy: "no space left").count, 2, "one message: \(full.err)")
        XCTAssertTrue(full.err.contains("the output folder was left as it was"), full.err)
        XCTAssertEqual(files(in: disk.appending(path: "site")), before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0.contains(".staging-") }
        XCTAssertEqual(leftovers, [])
        try assertCacheWhole(disk)

        try site.remove("content/cities/huge.md")
        XCTAssertEqual(build(site, into: disk).status, 0)
    }

    func testAReadOnlyOutputFolderIsAClearError() throws {
        let disk = try smallDisk("4m")
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(build(site, into: disk).status, 0)
        let before = files(in: disk.appending(path: "site"))
        try mount(["-o", "remount,ro", "tmpfs", disk.path])
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nChanged.\n")
        let result = build(site, into: disk)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("read-only file system while writing \(disk.path)/"), result.err)
        XCTAssertEqual(files(in: disk.appending(path: "site")), before)
    }

    func testADamagedCacheEntryIsMadeAgain() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let expected = site.snapshot()
        let images = site.root.appending(path: ".gazetteer-cache/images")
        let damaged = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: images.path).first { $0.hasSuffix(".png") })
        try Data("not a png".utf8).write(to: images.appending(path: damaged))
        try site.remove("site")
        let rebuilt = site.build()
        XCTAssertEqual(rebuilt.status, 0, rebuilt.err)
        XCTAssertEqual(site.snapshot(), expected, "the damaged thumbnail was made again, not published")
    }
}
