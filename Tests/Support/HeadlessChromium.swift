import Foundation

/// Headless Chromium for the browser tests: a page from disk, its scripts run, its DOM read
/// back. A test calls `requireChromium()` first thing, so that it is skipped where Chromium
/// is missing; `dom` without Chromium is an error.
public enum HeadlessChromium {
    struct NotRequired: Error, CustomStringConvertible {
        var description: String { "Chromium is not installed, and the test did not call requireChromium() first" }
    }

    /// The DOM of the page at `url` once `budget` milliseconds of virtual time have passed;
    /// file access between local files allowed; the browser never outlives `timeout` seconds.
    public static func dom(of url: URL, budget: Int = 5000, timeout: Int = 60) throws -> String {
        let browser = try launch(["--allow-file-access-from-files", "--virtual-time-budget=\(budget)", "--dump-dom", url.absoluteString],
                                 timeout: timeout)
        let dom = String(decoding: browser.output.readDataToEndOfFile(), as: UTF8.self)
        browser.process.waitUntilExit()
        return dom
    }

    /// Chromium started headless with `arguments` (under `timeout` seconds), its standard output
    /// to be read by the caller, who then waits for the process.
    public static func launch(_ arguments: [String], timeout: Int) throws -> (process: Process, output: FileHandle) {
        guard let path = Found.chromium else { throw NotRequired() }
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        browser.arguments = [String(timeout), path, "--headless", "--no-sandbox", "--disable-gpu"] + arguments
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        return (browser, output.fileHandleForReading)
    }
}
