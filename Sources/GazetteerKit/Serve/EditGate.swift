import Foundation
import Locking

/// Every check edit mode makes of a request, in one place, before any handler runs: the
/// login (the printed secret traded for a cookie), the session's cookie and token, the Host
/// (DNS rebinding), the Origin and Sec-Fetch-Site (other sites), the method, the
/// Content-Type and the body's length. A request refused here reaches no handler, and its
/// body is not even read.
final class EditGate: Sendable {
    static let prefix = "/__gazetteer/edit/"
    static let loginPath = prefix + "login"
    static let apiPath = prefix + "api/"
    static let cookieName = "gazetteer_edit"
    static let tokenHeader = "x-gazetteer-token"
    /// Sessions kept at once (each login makes one); the oldest goes first.
    static let maxSessions = 64

    /// The secret of the login address.
    let secret: String
    /// Cookie value -> the session's token, oldest first.
    private let sessions = Locked<[(cookie: String, token: String)]>([])

    init(secret: String = EditSecret.make()) { self.secret = secret }

    /// What to do with a request for a path under `prefix`.
    enum Decision {
        /// Answer at once (a login, the UI's files, a refusal).
        case respond(HTTPResponse)
        /// An API route, let through: read the body (at most the route's limit), then handle.
        case api(EditRoute)
        /// One of the UI's files (`edit.js`, `edit.css`).
        case uiFile(String)
    }

    /// The address to print: the login URL with the secret.
    func loginURL(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(Self.loginPath)?secret=\(secret)"
    }

    /// Checks a request for a path under `prefix`, served on `port` of `host`.
    func check(_ request: HTTPRequest, host: String, port: Int) -> Decision {
        let name = String(request.path.dropFirst(Self.prefix.count))
        guard hostIsOurs(request, host: host, port: port) else {
            return .respond(refusal(403, "this server answers edits only at its own address (127.0.0.1:\(port) or localhost:\(port))",
                                    json: name.hasPrefix("api/")))
        }
        let reading = request.method == "GET" || request.method == "HEAD"
        if name == "login" {
            guard reading else { return .respond(.text(405, headers: [("Allow", "GET")])) }
            return .respond(login(request))
        }
        if name == "edit.js" || name == "edit.css" {
            guard reading else { return .respond(.text(405, headers: [("Allow", "GET, HEAD")])) }
            return .uiFile(name)
        }
        guard name.hasPrefix("api/"), let route = EditRoute(rawValue: String(name.dropFirst(4))) else {
            return .respond(EditJSON.error(404, "there is no such edit request"))
        }
        guard let token = token(for: request) else {
            return .respond(EditJSON.error(403, "not signed in to edit: open the address gazetteer serve --edit printed"))
        }
        guard EditSecret.matches(request.headers[Self.tokenHeader], token) else {
            return .respond(EditJSON.error(403, "this request does not carry the page's edit token"))
        }
        guard route.changes else {
            guard reading else { return .respond(EditJSON.error(405, "this request only reads (use GET)")) }
            return lengthChecked(request, route)
        }
        guard request.method == "POST" else { return .respond(EditJSON.error(405, "this request changes files (use POST)")) }
        if let origin = request.headers["origin"], !ownOrigins(host: host, port: port).contains(origin) {
            return .respond(EditJSON.error(403, "edits are accepted from this server's own pages only, not from \(origin)"))
        }
        if request.headers["sec-fetch-site"]?.lowercased() == "cross-site" {
            return .respond(EditJSON.error(403, "edits are accepted from this server's own pages only, not from another site"))
        }
        guard route.accepts(contentType: request.headers["content-type"]) else {
            return .respond(EditJSON.error(415, route == .upload
                ? "send the picture's bytes with an image Content-Type (image/png, image/jpeg, image/webp or image/svg+xml)"
                : "send JSON, with Content-Type: application/json"))
        }
        return lengthChecked(request, route)
    }

    /// The route, when the body's length is said and within its limit.
    private func lengthChecked(_ request: HTTPRequest, _ route: EditRoute) -> Decision {
        switch request.bodyLength(limit: route.bodyLimit) {
        case .refused(411): .respond(EditJSON.error(411, "send the body with a Content-Length, not in chunks"))
        case .refused: .respond(EditJSON.error(413, "the body is over the limit of \(route.bodyLimit >> 20) MB"))
        case .bytes: .api(route)
        }
    }

    /// The token to give the page `request` asks for: its session's, when it carries a
    /// session's cookie and names this server's own address.
    func pageToken(for request: HTTPRequest, host: String, port: Int) -> String? {
        hostIsOurs(request, host: host, port: port) ? token(for: request) : nil
    }

    /// The token of the session whose cookie `request` carries, if any.
    func token(for request: HTTPRequest) -> String? {
        guard let header = request.headers["cookie"] else { return nil }
        let given = header.split(separator: ";").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 && parts[0] == Self.cookieName ? parts[1] : nil
        }
        return sessions.withLock { list in
            var found: String?
            for session in list { for cookie in given where EditSecret.matches(cookie, session.cookie) { found = session.token } }
            return found
        }
    }

    /// `GET login?secret=S`: the right secret makes a session and sends the browser to the
    /// guide with its cookie, the secret gone from the address bar.
    private func login(_ request: HTTPRequest) -> HTTPResponse {
        let given = (request.query ?? "").split(separator: "&").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0] == "secret" ? String(parts[1]) : nil
        }.first
        guard EditSecret.matches(given, secret) else {
            let body = """
                <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not signed in</title></head><body>
                <h1>This editing address is not right</h1>
                <p>Open the address that <code>gazetteer serve --edit</code> printed in the terminal. It holds a secret
                that changes each time the server starts, so an old or shortened address does not work.</p>
                </body></html>

                """
            return HTTPResponse(status: 403, headers: [("Content-Type", "text/html; charset=utf-8"), ("Referrer-Policy", "no-referrer")],
                                body: Array(body.utf8))
        }
        let session = (cookie: EditSecret.make(), token: EditSecret.make())
        sessions.withLock { list in
            list.append(session)
            if list.count > Self.maxSessions { list.removeFirst(list.count - Self.maxSessions) }
        }
        let location = request.plainHost.map { "http://\($0)/" } ?? "/"
        return HTTPResponse(status: 303, headers: [
            ("Location", location), ("Referrer-Policy", "no-referrer"),
            ("Set-Cookie", "\(Self.cookieName)=\(session.cookie); Path=/; HttpOnly; SameSite=Strict"),
            ("Content-Type", "text/plain; charset=utf-8"),
        ], body: Array("Signed in to edit: \(location)\n".utf8))
    }

    /// The Host names a request may carry: the loopback addresses with the served port.
    private func hostIsOurs(_ request: HTTPRequest, host: String, port: Int) -> Bool {
        guard let given = request.headers["host"]?.lowercased() else { return false }
        return ownHosts(host: host, port: port).contains(given)
    }

    private func ownHosts(host: String, port: Int) -> Set<String> {
        let served = host.contains(":") ? "[\(host.lowercased())]:\(port)" : "\(host.lowercased()):\(port)"
        return ["127.0.0.1:\(port)", "localhost:\(port)", served]
    }

    private func ownOrigins(host: String, port: Int) -> Set<String> {
        Set(ownHosts(host: host, port: port).map { "http://" + $0 })
    }

    private func refusal(_ status: Int, _ message: String, json: Bool) -> HTTPResponse {
        json ? EditJSON.error(status, message) : .text(status, message)
    }
}
