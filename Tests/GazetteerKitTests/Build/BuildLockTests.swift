import Foundation
import XCTest
@testable import GazetteerKit

/// One build at a time per output and cache: a second one waits with a line naming the
/// holder, or fails at once with --no-wait; a lock whose holder was killed is taken over.
final class BuildLockTests: XCTestCase {
    private func options(_ site: FixtureSite) -> BuildOptions { BuildOptions(source: site.root) }

    func testASecondBuildWaitsForTheFirstAndSaysSo() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let held = try BuildLock.acquire(for: options(site))
        let notices = OutputBox()
        var options = options(site)
        options.notice = { notices.append(err: $0) }
        let waiting = options
        let finished = expectation(description: "the waiting build finished")
        DispatchQueue.global().async {
            _ = try? SiteBuild.run(waiting)
            finished.fulfill()
        }
        let deadline = Date().addingTimeInterval(10)
        while notices.err.isEmpty, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(notices.err, "gazetteer: waiting for another build (process \(getpid())) to finish with \(site.root.path)/.gazetteer-cache\n")
        XCTAssertFalse(site.exists("index.html"), "it waits: nothing built yet")
        held.release()
        wait(for: [finished], timeout: 30)
        XCTAssertTrue(site.exists("index.html"))
    }

    func testNoWaitFailsAtOnceNamingTheHolder() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        var outputOnly = options(site)
        outputOnly.cache = site.root.appending(path: "other-cache")
        let held = try BuildLock.acquire(for: outputOnly)
        defer { held.release() }
        let result = site.build(["--no-wait"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("/.site.lock:1:1: another build (process \(getpid())) is using this folder"), result.err)
        XCTAssertTrue(result.err.contains("without --no-wait"), result.err)
        XCTAssertEqual(site.run(["check", "--source", site.root.path, "--no-wait"]).status, 0,
                       "check writes no output: only the cache is locked")
    }

    func testALockHeldByAKilledProcessIsTakenOver() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let flock = "/usr/bin/flock"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: flock), "flock (util-linux) is not installed")
        // bash takes the lock on its own descriptor, then becomes `sleep` (same process): killing
        // it is killing the holder.
        let lockFile = site.root.appending(path: ".gazetteer-cache/build.lock")
        try FileManager.default.createDirectory(at: lockFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/bash")
        holder.arguments = ["-c", "exec 9>>\"$0\" && \(flock) 9 && exec sleep 60", lockFile.path]
        try holder.run()
        let deadline = Date().addingTimeInterval(10)
        var refused = site.build(["--no-wait"])
        while refused.status == 0, Date() < deadline {  // until the holder has the lock
            try site.remove("site")
            usleep(20_000)
            refused = site.build(["--no-wait"])
        }
        XCTAssertEqual(refused.status, 1, refused.out)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        XCTAssertEqual(site.build(["--no-wait"]).status, 0, "the killed holder's lock is free")
    }
}
