import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

extension CommandLineTool {
    static let serveUsage = """
    Usage: gazetteer serve [--source DIR] [--output DIR] [--port N] [--host ADDRESS] [--edit] [--timings]

    Builds the guide, serves it at http://127.0.0.1:PORT/ (default port 8080; 0 picks a
    free one) and rebuilds when anything in content/, static/, templates/ or gazetteer.yaml
    changes. Open pages reload by themselves after a successful rebuild; errors show in
    the terminal and over the page, and the last good site stays served. Pages with
    draft: true are shown, each with a "Draft" banner. Only loopback is served unless
    --host names another address. -q/--quiet prints errors only; --timings prints the
    time each stage of each build took (with --edit, and what a save spent from its
    request to the reload). Ctrl-C stops.

    With --edit the pages can be edited in the browser: it prints one address to open,
    holding a secret made at start; edits are written to the files in content/ (only the
    values changed), checked first as the build checks them. Loopback only.
    """

    /// Whether `host` is a loopback address (edit mode serves nothing else).
    static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "[::1]" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    static func serve(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("serve", words, output: output, status: &status) else { return status }
        if let extra = arguments.positionals.first {
            output.error(unexpected("serve", extra) + "\n\n\(serveUsage)")
            return 2
        }
        guard let port = Int(arguments.value("--port") ?? "8080"), (0...65535).contains(port) else {
            output.error("gazetteer serve: --port takes a number from 0 to 65535\n\n\(serveUsage)")
            return 2
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        let edit = arguments.has("--edit")
        if edit, !isLoopback(host) {
            output.error("""
                gazetteer serve: --edit serves only this computer (127.0.0.1 or localhost), not \(host): \
                anyone who could reach the address could change the guide's files. Leave out --host, or --edit.
                """)
            return 2
        }
        var options = BuildOptions(
            source: folder(arguments.value("--source")) ?? currentFolder,
            output: folder(arguments.value("--output")), cache: folder(arguments.value("--cache")))
        options.force = arguments.has("--force")
        options.notice = output.error
        let quiet = arguments.has("--quiet") || arguments.has("-q")
        let session = ServeSession(options: options, host: host, port: port, output: quiet ? output.quiet : output, edit: edit,
                                   timings: arguments.has("--timings"))
        let bound: Int
        do throws(ServeError) {
            bound = try session.start()
        } catch {
            output.error("gazetteer serve: \(error)")
            return 1
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        if let login = session.editLoginURL {
            output.print("Editing \(options.source.path): open \(login) (Ctrl-C to stop)")
        } else {
            output.print("Serving \(options.output.path) at http://\(shownHost):\(bound)/ (Ctrl-C to stop)")
        }
        // Ctrl-C and termination stop cleanly: close the socket and the watcher, then exit.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stopped = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        stopped.wait()
        sources.forEach { $0.cancel() }
        session.stop()
        output.print("Stopped.")
        return 0
    }
}
