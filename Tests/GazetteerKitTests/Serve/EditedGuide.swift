import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// A fixture guide served with `serve --edit` on a free loopback port, and a browser's side of
/// it: the login, the cookie, the page's token, and requests with every header set right
/// unless a test says otherwise.
final class EditedGuide {
    let site: FixtureSite
    let session: ServeSession
    let port: Int
    let secret: String
    private(set) var cookie = ""
    private(set) var token = ""
    let box: OutputBox

    /// `prebuilt`: built by `gazetteer build` before the server starts (so its first build finds nothing changed).
    /// `timings`: served as `serve --timings` serves.
    init(_ files: [String: String] = FixtureSite.good, prebuilt: Bool = false, timings: Bool = false) throws {
        let box = OutputBox()
        self.box = box
        site = try FixtureSite(files)
        if prebuilt { XCTAssertEqual(site.build().status, 0) }
        session = ServeSession(options: BuildOptions(source: site.root), port: 0,
                               output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }),
                               edit: true, timings: timings)
        port = try session.start()
        secret = try XCTUnwrap(session.edit?.gate.secret)
    }

    deinit {
        session.stop()
        site.delete()
    }

    var host: String { "127.0.0.1:\(port)" }

    /// Signs in with the secret, then reads the token from a page.
    func login() throws {
        let answer = try send("GET", "/__gazetteer/edit/login?secret=\(secret)", headers: [:], cookie: false, token: false)
        XCTAssertEqual(answer.status, 303)
        let setCookie = try XCTUnwrap(answer.headers["set-cookie"])
        cookie = String(setCookie.prefix { $0 != ";" })
        let page = try send("GET", "/countries/spain.html", headers: [:], token: false)
        token = try XCTUnwrap(Self.token(in: page.text), "no edit data in the page")
    }

    /// The token of the injected edit data, if the page has it.
    static func token(in html: String) -> String? {
        guard let start = html.range(of: "<script id=\"gazetteer-edit-data\" type=\"application/json\">"),
              let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex),
              let object = try? JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        else { return nil }
        return object["token"] as? String
    }

    /// One request on a fresh connection, with the cookie, token, Host and Content-Type of a
    /// signed-in page unless told otherwise (`headers` overrides; an empty value leaves one out).
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [],
              cookie withCookie: Bool = true, token withToken: Bool = true) throws -> RawHTTPClient.Response {
        var fields: [String: String] = ["Host": host, "Connection": "close"]
        if withCookie, !cookie.isEmpty { fields["Cookie"] = cookie }
        if withToken, !token.isEmpty { fields["X-Gazetteer-Token"] = token }
        if method == "POST" {
            fields["Content-Type"] = "application/json"
            fields["Content-Length"] = String(body.count)
            fields["Origin"] = "http://\(host)"
            fields["Sec-Fetch-Site"] = "same-origin"
        }
        for (name, value) in headers { fields[name] = value }
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) where !value.isEmpty { head += "\(name): \(value)\r\n" }
        let client = try RawHTTPClient(port: port)
        client.timeout = 20
        client.send(Array((head + "\r\n").utf8) + body)
        return try client.readResponse(head: method == "HEAD")
    }

    /// A POST to `api/<route>` with `json`.
    func post(_ route: String, _ json: [String: Any], headers: [String: String] = [:]) throws -> RawHTTPClient.Response {
        try send("POST", "/__gazetteer/edit/api/" + route, headers: headers, body: [UInt8](try JSONSerialization.data(withJSONObject: json)))
    }

    /// A GET of `api/<route>`.
    func get(_ route: String) throws -> RawHTTPClient.Response { try send("GET", "/__gazetteer/edit/api/" + route) }

    /// A response's JSON object.
    static func json(_ response: RawHTTPClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// The bytes of a file of the guide.
    func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: site.root.appending(path: path).path).map { [UInt8]($0) } }

    /// Every file under content/, with its bytes (to see that nothing was written).
    func contentSnapshot() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let content = site.root.appending(path: "content")
        let walker = FileManager.default.enumerator(atPath: content.path)
        while let relative = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: content.appending(path: relative).path) { files[relative] = [UInt8](data) }
        }
        return files
    }

    /// The page's event stream, open (its first message read).
    func events() throws -> RawHTTPClient {
        let events = try RawHTTPClient(port: port)
        events.timeout = 20
        events.send("GET /__gazetteer/events HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        _ = events.read(until: "retry:")
        return events
    }

    /// The digest of a content file, as the API gives it.
    func digest(_ kind: String, _ slug: String) throws -> String {
        try XCTUnwrap(Self.json(try get("entry?kind=\(kind)&slug=\(slug)"))["digest"] as? String)
    }
}
