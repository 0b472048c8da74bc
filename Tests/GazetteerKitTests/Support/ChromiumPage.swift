import Foundation
import XCTest
import OptionalTools

/// One tab of headless Chromium driven over its DevTools pipe (`--remote-debugging-pipe`:
/// JSON messages ended by a NUL byte, sent on the browser's file descriptor 3 and answered on
/// 4), for browser tests that act in a page step by step: open an address, run a script in
/// the page and read its result, wait for a condition, choose a file for a file input, press
/// a key. The browser never outlives the test (`timeout` kills it).
final class ChromiumPage {
    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: URL
    private var pending: [UInt8] = []
    private var lastID = 0
    private var session = ""

    /// A new tab (a test calls `requireChromium()` first, so that it skips before it begins).
    init(width: Int = 1280, height: Int = 900, lifetime: Int = 240) throws {
        let chromium = try requireChromium()
        profile = FileManager.default.temporaryDirectory.appending(path: "gazetteer-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw PageError("no pipe for Chromium") }
        // Out of the way of 3 and 4, and closed in the browser but for the two it is given.
        let ends = [toBrowser[0], toBrowser[1], fromBrowser[0], fromBrowser[1]].map { fd -> Int32 in
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return moved
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 3)
        posix_spawn_file_actions_adddup2(&actions, ends[3], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = ["/usr/bin/timeout", String(lifetime), chromium, "--headless", "--no-sandbox", "--disable-gpu",
                         "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
                         "--no-first-run", "--disable-extensions", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, nil, &argv, environ)
        close(ends[0])
        close(ends[3])
        guard spawned == 0 else { throw PageError("Chromium did not start (\(spawned))") }
        pid = child
        commands = ends[1]
        answers = ends[2]
        signal(SIGPIPE, SIG_IGN)
        let targets = try send("Target.getTargets", session: nil)
        let infos = (targets["targetInfos"] as? [[String: Any]]) ?? []
        let target: String
        if let page = infos.first(where: { $0["type"] as? String == "page" }), let id = page["targetId"] as? String {
            target = id
        } else {
            target = try send("Target.createTarget", ["url": "about:blank"], session: nil)["targetId"] as? String ?? ""
        }
        session = try send("Target.attachToTarget", ["targetId": target, "flatten": true], session: nil)["sessionId"] as? String ?? ""
        _ = try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500])
        _ = try send("Page.enable")
        _ = try send("Runtime.enable")
    }

    deinit {
        close(commands)
        close(answers)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    struct PageError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Sends one DevTools command and returns its result (events in between are skipped).
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        try send(method, params, session: session, timeout: timeout)
    }

    private func send(_ method: String, _ params: [String: Any] = [:], session: String?, timeout: Double = 30) throws -> [String: Any] {
        lastID += 1
        var message: [String: Any] = ["id": lastID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw PageError("Chromium closed its pipe") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline)
            guard reply["id"] as? Int == lastID else { continue }
            if let error = reply["error"] as? [String: Any] {
                throw PageError("\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let data = Data(pending[..<end])
                pending.removeSubrange(...end)
                return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            }
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0 else { throw PageError("Chromium did not answer in time") }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, left) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard n > 0 else { throw PageError("Chromium closed its pipe") }
            pending += chunk[..<n]
        }
    }

    /// Opens `url` and waits until the page has loaded and `ready` (a script) is true.
    func open(_ url: String, ready: String = "true", timeout: Double = 30) throws {
        try send("Page.navigate", ["url": url])
        try waitUntil("document.readyState === 'complete' && location.href !== 'about:blank' && (\(ready))", timeout: timeout)
    }

    /// The value of `script` run in the page (a promise is awaited); thrown when it throws.
    @discardableResult
    func run(_ script: String, timeout: Double = 30) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": script, "awaitPromise": true, "returnByValue": true,
                                                  "userGesture": true], timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let detail = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw PageError("script failed: \(detail)\n\(script)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `condition` (a script) is true in the page, across reloads.
    func waitUntil(_ condition: String, timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            do {
                if try run("Boolean(\(condition))") as? Bool == true { return }
            } catch {
                last = "\(error)"  // the page was between two documents
            }
            usleep(100_000)
        }
        throw PageError("still not true after \(timeout) s: \(condition) \(last)")
    }

    /// Gives the file input that `element` (a script naming it) finds the file at `path`, as
    /// choosing it in the file dialog does (its change event follows).
    func chooseFile(_ element: String, path: String) throws {
        let found = try send("Runtime.evaluate", ["expression": element])
        guard let object = (found["result"] as? [String: Any])?["objectId"] as? String else {
            throw PageError("no file input: \(element)")
        }
        try send("DOM.setFileInputFiles", ["files": [path], "objectId": object])
    }

    /// Presses a key on the focused element, as the keyboard does ("Escape", "Enter", "Tab").
    func press(_ key: String, modifiers: Int = 0) throws {
        let codes = ["Escape": 27, "Enter": 13, "Tab": 9]
        var event: [String: Any] = ["key": key, "code": key, "windowsVirtualKeyCode": codes[key] ?? 0, "modifiers": modifiers]
        if key == "Enter" { event["text"] = "\r" }
        event["type"] = "keyDown"
        try send("Input.dispatchKeyEvent", event)
        event["type"] = "keyUp"
        event["text"] = nil
        try send("Input.dispatchKeyEvent", event)
    }
}
