import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// Live reload: pages served with the injected script hold an event stream open on
/// `/__gazetteer/events`; the build loop tells them to reload, or to show its errors.
extension PreviewServer {
    /// Tells every open page to reload (after a successful rebuild).
    public func notifyReload() { broadcast(LiveReload.event("reload", data: "1"), counting: true) }

    /// How many times pages were told to reload.
    var generation: Int { state.withLock { $0.generation } }

    /// Shows `text` (the located errors of a failed rebuild) over every open page, and over
    /// pages opened later, until `clearError()`.
    public func notifyError(_ text: String) {
        state.withLock { $0.error = text }
        broadcast(LiveReload.event("error", data: LiveReload.jsonString(text)))
    }

    /// Removes the error overlay (the rebuild succeeded again).
    public func clearError() {
        state.withLock { $0.error = nil }
        broadcast(LiveReload.event("clear", data: "1"))
    }

    /// The error currently shown, if any.
    public var currentError: String? { state.withLock { $0.error } }

    /// The number of pages listening for reloads.
    public var openEventStreams: Int { state.withLock { $0.streams.count } }

    /// `counting`: a reload, counted in the same step as it is sent (see `streamEvents`).
    private func broadcast(_ event: [UInt8], counting: Bool = false) {
        state.withLock { s in
            if counting { s.generation += 1 }
            for stream in s.streams where !stream.write(event) { stream.shutdown() }
        }
    }

    /// Keeps `client` as an event stream until it goes away (a comment every 15 s finds dead peers).
    /// `since`: the generation of the page that opened it; a reload sent after that one, before
    /// the stream opened, is sent to it at once.
    func streamEvents(to client: Socket, since: Int? = nil) {
        client.setSendTimeout(milliseconds: 2000)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "X-Content-Type-Options: nosniff\r\n\r\nretry: 1000\n\n"
        let subscribed = state.withLock { s in
            guard s.port != nil else { return false }
            var current = s.error.map { LiveReload.event("error", data: LiveReload.jsonString($0)) } ?? []
            if let since, since < s.generation { current += LiveReload.event("reload", data: "1") }
            guard client.write(Array(head.utf8) + current) else { return false }
            s.streams.insert(client)
            return true
        }
        guard subscribed else { return }
        while true {
            switch client.read(timeout: 15_000) {
            case .data: continue
            case .closed: return
            case .timedOut: guard state.withLock({ _ in client.write(Array(": ping\n\n".utf8)) }) else { return }
            }
        }
    }
}
