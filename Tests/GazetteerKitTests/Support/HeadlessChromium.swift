import Foundation

/// Headless Chromium for the browser tests: a page from disk, its scripts run, its DOM read
/// back. Tests skip themselves where `isInstalled` is false.
enum HeadlessChromium {
    static let path = "/usr/bin/chromium"

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// The DOM of the page at `url` (file access between local files allowed) once `budget`
    /// milliseconds of virtual time have passed; the browser never outlives `timeout` seconds.
    static func dom(of url: URL, budget: Int = 5000, timeout: Int = 60) throws -> String {
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        browser.arguments = [String(timeout), path, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                             "--virtual-time-budget=\(budget)", "--dump-dom", url.absoluteString]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        return dom
    }
}
