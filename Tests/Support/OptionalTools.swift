import Foundation
import XCTest

// The optional tools some tests use, one helper each. A test that needs one calls its helper
// first thing (`try requireChromium()`), before it makes or runs anything: where the tool is
// missing the helper throws XCTSkip with one line saying which tool and how to install it.
// `make test` installs them all when run as root (see the Makefile's test-tools).
//
// A program counts as installed when an executable of that name on $PATH runs `--version`
// and exits 0, so one hidden under /dev/null (as .ci/run's second pass does) is missing.
// Each tool is looked for once per test process.

/// The path of Chromium (Debian's `chromium`), for `HeadlessChromium`.
@discardableResult
public func requireChromium(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try require(Found.chromium, "Chromium is not installed (apt-get install chromium)", file: file, line: line)
}

/// The path of zsh.
@discardableResult
public func requireZsh(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try require(Found.zsh, "zsh is not installed (apt-get install zsh)", file: file, line: line)
}

/// The path of fish.
@discardableResult
public func requireFish(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try require(Found.fish, "fish is not installed (apt-get install fish)", file: file, line: line)
}

/// The path of groff (Debian's groff-base), which renders man pages.
@discardableResult
public func requireGroff(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try require(Found.groff, "groff is not installed (apt-get install groff-base)", file: file, line: line)
}

/// axe-core's axe.min.js, the accessibility checker the browser runs: $AXE_CORE_JS, else the
/// copy `make test` fetches into .build/tools. (It also needs Chromium: call both.)
@discardableResult
public func requireAxeCore(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    try require(Found.axeCore, "axe-core is not installed (make test fetches it into .build/tools/axe.min.js, or set AXE_CORE_JS)",
                file: file, line: line)
}

/// Node.js with Debian's node-d3-geo, whose projections are the maps' reference values: the
/// folder to give node as NODE_PATH.
@discardableResult
public func requireNodeD3Geo(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try require(Found.nodeD3Geo, "node or d3-geo is not installed (apt-get install nodejs node-d3-geo)", file: file, line: line)
}

/// Python 3 with feedparser (the feed parser feed readers are built on), to read the Atom
/// feed as readers do: Python's path, and the PYTHONPATH that finds feedparser (the copy
/// `make test` installs into .build/tools/python, else Python's own).
@discardableResult
public func requireFeedparser(file: StaticString = #filePath, line: UInt = #line) throws -> (python: String, path: String) {
    try require(Found.feedparser, "feedparser is not installed (make test installs it into .build/tools/python, or pip install feedparser)",
                file: file, line: line)
}

private func require<Value>(_ value: Value?, _ missing: String, file: StaticString, line: UInt) throws -> Value {
    guard let value else { throw XCTSkip("\(missing): skipped", file: file, line: line) }
    return value
}

/// What was found, looked for at the first use.
enum Found {
    static let chromium = program("chromium")
    static let zsh = program("zsh")
    static let fish = program("fish")
    static let groff = program("groff")
    static let nodeD3Geo: String? = {
        let folder = "/usr/share/nodejs"
        guard program("node") != nil, FileManager.default.fileExists(atPath: folder + "/d3-geo/package.json") else { return nil }
        return folder
    }()
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let feedparser: (python: String, path: String)? = {
        guard let python = program("python3") else { return nil }
        let path = repository.appending(path: ".build/tools/python").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import feedparser"]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": path]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0 ? (python, path) : nil
    }()
    static let axeCore: URL? = {
        let candidates = [ProcessInfo.processInfo.environment["AXE_CORE_JS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) },
                          repository.appending(path: ".build/tools/axe.min.js")]
        // Read, not merely found: /dev/null over the file reads as empty.
        return candidates.compactMap { $0 }.first { url in
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 64))?.isEmpty == false
        }
    }()

    /// The first executable called `name` on $PATH that runs `name --version` to a zero exit.
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["30", candidate, "--version"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationReason == .exit && process.terminationStatus == 0
        }
    }
}
