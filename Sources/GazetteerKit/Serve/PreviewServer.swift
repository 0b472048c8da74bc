import Foundation
import Glibc
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental
import Locking

/// The HTTP/1.1 server behind `gazetteer serve`: serves the built site from `root` (GET and
/// HEAD, keep-alive, a thread per connection), never anything outside it, and pushes live
/// reload events to open pages (see `PreviewServer+Reload.swift`).
public final class PreviewServer: Sendable {
    public let root: URL
    public let host: String
    public let injectReloadScript: Bool
    /// Edit mode (`serve --edit`), when on: its routes, and its data and script in the pages
    /// of a signed-in browser.
    let edit: EditSession?
    let requestedPort: Int
    /// How long an idle connection (or a half-sent request) is kept, in milliseconds.
    let idleTimeout: Int32
    let files: SiteFiles
    let state = Locked(State())
    /// Connections served at once. When all are taken, one waiting for its request is closed
    /// to make room, so that a page is still answered while slow clients hold the rest: the
    /// oldest that has sent part of a head (a slow client), else the oldest idle one that has
    /// waited a fifth of `idleTimeout`. Otherwise (a burst of new clients) the newcomer gets 503.
    static let maxConnections = 512

    struct State {
        var port: Int?
        var wakePipe: (read: Int32, write: Int32)?
        var acceptorDone: DispatchSemaphore?
        /// Every open connection, so that `stop()` can end them.
        var connections: Set<Socket> = []
        /// The connections that are event streams (a subset of `connections`).
        var streams: Set<Socket> = []
        /// The connections waiting for (the rest of) a request head.
        var waiting: [Socket: Waiting] = [:]
        /// The error shown in the browser until `clearError()`.
        var error: String?
        /// How many times pages were told to reload (see `LiveReload.script(generation:)`).
        var generation = 0
    }

    /// A connection waiting for its request head: since when, and whether part of it came.
    struct Waiting {
        var since: ContinuousClock.Instant
        var partial = false
    }

    /// A server for the site in `root`, on loopback by default; `port` 0 takes any free port.
    public convenience init(root: URL, host: String = "127.0.0.1", port: Int = 0, injectReloadScript: Bool = true,
                            idleTimeout: Duration = .seconds(5)) {
        self.init(root: root, host: host, port: port, injectReloadScript: injectReloadScript, idleTimeout: idleTimeout, edit: nil)
    }

    init(root: URL, host: String, port: Int, injectReloadScript: Bool, idleTimeout: Duration, edit: EditSession?) {
        self.edit = edit
        self.root = root
        self.host = host
        self.requestedPort = port
        self.injectReloadScript = injectReloadScript
        self.idleTimeout = Int32(idleTimeout.components.seconds * 1000 + idleTimeout.components.attoseconds / 1_000_000_000_000_000)
        self.files = SiteFiles(root: root)
    }

    deinit { stop() }

    /// The bound port while running.
    public var port: Int? { state.withLock { $0.port } }

    /// Binds and starts accepting connections on a background thread; returns the bound port.
    @discardableResult
    public func start() throws(ServeError) -> Int {
        signal(SIGPIPE, SIG_IGN)
        if let port { return port }
        let (listener, port) = try Socket.listen(host: host, port: requestedPort, backlog: 1024)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            listener.close()
            throw .cannotListen(host: host, port: requestedPort, reason: String(cString: strerror(errno)))
        }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let done = DispatchSemaphore(value: 0), wakeRead = pipeFDs[0]
        state.withLock {
            $0.port = port
            $0.wakePipe = (pipeFDs[0], pipeFDs[1])
            $0.acceptorDone = done
        }
        spawn { [self] in
            acceptLoop(listener, wake: wakeRead)
            listener.close()
            close(wakeRead)
            done.signal()
        }
        return port
    }

    /// Stops accepting, ends every open connection and frees the port.
    public func stop() {
        let stopped = state.withLock { s -> (Int32, DispatchSemaphore)? in
            guard let pipe = s.wakePipe, let done = s.acceptorDone else { return nil }
            s.port = nil
            s.wakePipe = nil
            s.acceptorDone = nil
            for connection in s.connections { connection.shutdown() }
            return (pipe.write, done)
        }
        guard let (wake, done) = stopped else { return }
        var byte: UInt8 = 1
        _ = write(wake, &byte, 1)
        _ = done.wait(timeout: .now() + 2)
        close(wake)
    }

    private func acceptLoop(_ listener: Socket, wake: Int32) {
        while Socket.poll([listener.fd, wake], timeout: -1) == 0 {
            guard let client = listener.accept() else {
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }  // out of descriptors: let some close
                continue
            }
            client.setSendTimeout(milliseconds: 10_000)
            let accepted = state.withLock { s -> Bool? in
                guard s.port != nil else { return nil }  // stopping
                if s.connections.count >= Self.maxConnections {
                    // Its thread sees the end of the stream and leaves at once.
                    guard let victim = evictable(s.waiting) else { return false }
                    s.waiting[victim] = nil
                    victim.shutdown()
                }
                s.connections.insert(client)
                return true
            }
            guard accepted == true else {
                if accepted == false {
                    client.write(HTTPResponse.text(503).serialized(includeBody: true, keepAlive: false))
                    client.closeWithoutWaiting()
                } else {
                    client.close()
                }
                continue
            }
            spawn { [self] in serve(client) }
        }
    }

    /// The waiting connection to close for a newcomer, if any (see `maxConnections`).
    private func evictable(_ waiting: [Socket: Waiting]) -> Socket? {
        if let slow = waiting.filter({ $0.value.partial }).min(by: { $0.value.since < $1.value.since }) { return slow.key }
        let idleEnough = ContinuousClock.now - .milliseconds(Int(idleTimeout) / 5)
        return waiting.filter { $0.value.since <= idleEnough }.min { $0.value.since < $1.value.since }?.key
    }

    /// Answers requests on one connection until either side closes it or it stays idle too long.
    private func serve(_ client: Socket) {
        defer {
            state.withLock { s in
                s.connections.remove(client)
                s.streams.remove(client)
                s.waiting[client] = nil
            }
            client.lingeringClose()
        }
        var buffer: [UInt8] = []
        /// When this connection began waiting for the request head it has not completed yet.
        var headStarted: ContinuousClock.Instant?
        var partial = false
        while true {
            switch HTTPRequest.parse(buffer) {
            case .incomplete:
                if let started = headStarted {
                    if ContinuousClock.now - started > .milliseconds(Int(idleTimeout) * 2) { return }
                    if !buffer.isEmpty, !partial {
                        partial = true
                        state.withLock { $0.waiting[client]?.partial = true }
                    }
                } else {
                    let now = ContinuousClock.now
                    headStarted = now
                    partial = !buffer.isEmpty
                    state.withLock { $0.waiting[client] = Waiting(since: now, partial: partial) }
                }
                guard case .data(let bytes) = client.read(timeout: idleTimeout) else { return }
                buffer += bytes
            case .failure(let status):
                client.write(HTTPResponse.text(status).serialized(includeBody: true, keepAlive: false))
                return
            case .request(let request, let length):
                buffer.removeFirst(length)
                state.withLock { $0.waiting[client] = nil }
                headStarted = nil
                if request.method == "GET", request.path == LiveReload.eventsPath {
                    return streamEvents(to: client, since: LiveReload.generation(inQuery: request.query))
                }
                var keepAlive = request.keepAlive && !request.hasBody && port != nil
                var response: HTTPResponse
                if let edit, request.path.hasPrefix(EditGate.prefix) {
                    switch edit.gate.check(request, host: host, port: port ?? 0) {
                    case .respond(let refusal): response = refusal
                    case .uiFile(let name): response = EditInjection.uiFile(name, from: edit.uiFiles)
                    case .api(let route):
                        // Past the gate: the body is read (its length within the route's limit).
                        guard case .bytes(let length) = request.bodyLength(limit: route.bodyLimit) else { return }
                        while buffer.count < length {
                            guard case .data(let bytes) = client.read(timeout: idleTimeout) else { return }
                            buffer += bytes
                        }
                        var withBody = request
                        withBody.body = Array(buffer.prefix(length))
                        buffer.removeFirst(length)
                        keepAlive = request.keepAlive && port != nil
                        response = edit.handle(route, withBody)
                    }
                } else {
                    response = respond(to: request)
                }
                guard client.write(response.serialized(includeBody: request.method != "HEAD", keepAlive: keepAlive)),
                      keepAlive
                else { return }
            }
        }
    }

    /// The answer to one request (without the connection handling).
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, headers: [("Allow", "GET, HEAD")])
        }
        if request.path == LiveReload.eventsPath { return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")]) }
        switch files.resolve(request.path, query: request.query) {
        case .file(let path): return fileResponse(path, status: 200, for: request) ?? .text(403)
        case .redirect(let path):
            // Absolute when the Host is plain: some clients (Foundation on Linux) mishandle relative ones.
            let location = request.plainHost.map { "http://\($0)\(path)" } ?? path
            return .text(301, "Moved to \(location)", headers: [("Location", location)])
        case .notFound:
            if let page = files.notFoundPage.flatMap({ fileResponse($0, status: 404, for: request) }) { return page }
            // No site at all yet: the first build failed, so its errors are the page.
            if let error = currentError, files.notFoundPage == nil, MIMEType.isHTML(MIMEType.forPath(request.path))
                || request.path.hasSuffix("/") {
                let body = NotBuiltPage.html(errors: error)
                return HTTPResponse(status: 503, headers: [("Content-Type", "text/html; charset=utf-8")],
                                    body: injectReloadScript ? LiveReload.inject(into: body, generation: generation) : body)
            }
            return .text(404)
        case .forbidden: return .text(403)
        case .malformed: return .text(400)
        }
    }

    private func fileResponse(_ path: String, status: Int, for request: HTTPRequest) -> HTTPResponse? {
        // Taken before the file is read: a page of a newer build than it says reloads once more, never one older.
        let generation = self.generation
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let type = MIMEType.forPath(path)
        var body = [UInt8](data)
        if injectReloadScript, MIMEType.isHTML(type) { body = LiveReload.inject(into: body, generation: generation) }
        if let edit, MIMEType.isHTML(type), let token = edit.gate.pageToken(for: request, host: host, port: port ?? 0) {
            body = LiveReload.insert(EditInjection.snippet(token: token, path: request.path, words: edit.basis.current?.words ?? [:],
                                                                languages: edit.basis.current?.languageCodes ?? []), into: body)
        }
        return HTTPResponse(status: status, headers: [("Content-Type", type)], body: body)
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 512 * 1024
        thread.start()
    }
}
