import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// Edit mode's gate, over real sockets: nothing changes a file without the secret's cookie, the
/// page's token, the server's own Host and Origin, a same-site request, the right Content-Type
/// and a body within the limit; and no name leads out of content/.
final class EditSecurityTests: XCTestCase {
    private let spainSave: [String: Any] = ["kind": "country", "slug": "spain", "digest": "", "fields": ["capital": "Toledo"]]

    func testLoginTradesTheSecretForACookieAndDropsItFromTheAddress() throws {
        let guide = try EditedGuide()
        let secret = guide.secret
        XCTAssertGreaterThanOrEqual(secret.count, 32, "at least 128 bits as hex")
        XCTAssertTrue(secret.allSatisfy(\.isHexDigit))
        let answer = try guide.send("GET", "/__gazetteer/edit/login?secret=\(secret)", cookie: false, token: false)
        XCTAssertEqual(answer.status, 303)
        XCTAssertEqual(answer.headers["location"], "http://\(guide.host)/", "the secret is gone from the address bar")
        let cookie = try XCTUnwrap(answer.headers["set-cookie"])
        XCTAssertTrue(cookie.hasPrefix("gazetteer_edit="), cookie)
        XCTAssertTrue(cookie.contains("HttpOnly"), cookie)
        XCTAssertTrue(cookie.contains("SameSite=Strict"), cookie)
        XCTAssertTrue(cookie.contains("Path=/"), cookie)
        XCTAssertFalse(cookie.contains(secret), "the cookie is not the secret")

        for wrong in ["/__gazetteer/edit/login", "/__gazetteer/edit/login?secret=", "/__gazetteer/edit/login?secret=\(secret.dropLast())0",
                      "/__gazetteer/edit/login?secret=\(secret)0"] where wrong != "/__gazetteer/edit/login?secret=\(secret)" {
            let refused = try guide.send("GET", wrong, cookie: false, token: false)
            XCTAssertEqual(refused.status, 403, wrong)
            XCTAssertNil(refused.headers["set-cookie"], wrong)
            XCTAssertTrue(refused.text.contains("printed in the terminal"), refused.text)
        }
    }

    func testPagesCarryTheEditDataOnlyWithTheCookie() throws {
        let guide = try EditedGuide()
        let plain = try guide.send("GET", "/countries/spain.html", cookie: false, token: false)
        XCTAssertEqual(plain.status, 200)
        XCTAssertTrue(plain.text.contains("/__gazetteer/events"), "live reload as in a plain serve")
        XCTAssertFalse(plain.text.contains("gazetteer-edit-data"), "no edit data without signing in")
        XCTAssertFalse(plain.text.contains("edit.js"))

        try guide.login()
        let page = try guide.send("GET", "/countries/spain.html", token: false)
        let html = page.text
        let data = try XCTUnwrap(html.range(of: "<script id=\"gazetteer-edit-data\""))
        let reload = try XCTUnwrap(html.range(of: "/__gazetteer/events"))
        let body = try XCTUnwrap(html.range(of: "</body>", options: .backwards))
        XCTAssertTrue(reload.lowerBound < data.lowerBound && data.upperBound < body.lowerBound, "after the reload script, before </body>")
        XCTAssertTrue(html.contains("\"page\":{\"kind\":\"country\",\"language\":null,\"slug\":\"spain\"}"), html)
        XCTAssertTrue(html.contains("\"api\":\"/__gazetteer/edit/api/\""))
        XCTAssertTrue(html.contains("<link rel=\"stylesheet\" href=\"/__gazetteer/edit/edit.css\"><script src=\"/__gazetteer/edit/edit.js\" defer></script>"))
        XCTAssertTrue(try guide.send("GET", "/").text.contains("\"page\":{\"kind\":\"countries\",\"language\":null,\"slug\":null}"))
        XCTAssertTrue(try guide.send("GET", "/cities/").text.contains("\"page\":{\"kind\":\"cities\",\"language\":null,\"slug\":null}"))
        XCTAssertTrue(try guide.send("GET", "/cities/madrid.html").text.contains("\"page\":{\"kind\":\"city\",\"language\":null,\"slug\":\"madrid\"}"))
        XCTAssertTrue(try guide.send("GET", "/flags/").text.contains("\"page\":{\"kind\":\"other\",\"language\":null,\"slug\":null}"))
        XCTAssertFalse(guide.site.read("countries/spain.html")!.contains("gazetteer-edit"), "never in the built files")
    }

    func testEveryRequestWithoutTheCookieOrTokenIsRefusedAndWritesNothing() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let noCookie = try guide.post("save", spainSave, headers: ["Cookie": ""])
        XCTAssertEqual(noCookie.status, 403)
        XCTAssertNotNil(EditedGuide.json(noCookie)["error"] as? String)
        XCTAssertEqual(try guide.post("save", spainSave, headers: ["Cookie": "gazetteer_edit=0123456789abcdef0123456789abcdef"]).status, 403,
                       "a made-up session")
        XCTAssertEqual(try guide.post("save", spainSave, headers: ["X-Gazetteer-Token": ""]).status, 403, "no token")
        XCTAssertEqual(try guide.post("save", spainSave, headers: ["X-Gazetteer-Token": String(guide.token.reversed())]).status, 403,
                       "a wrong token")
        XCTAssertEqual(try guide.send("GET", "/__gazetteer/edit/api/entry?kind=country&slug=spain", token: false).status, 403,
                       "reading needs the token too")
        XCTAssertEqual(try guide.send("GET", "/__gazetteer/edit/api/entry?kind=country&slug=spain", cookie: false).status, 403)
        XCTAssertEqual(guide.contentSnapshot(), before)
    }

    func testAnotherHostAnotherOriginACrossSiteRequestAreRefused() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        for (headers, why) in [
            (["Host": "evil.example:\(guide.port)"], "DNS rebinding: another name for this address"),
            (["Host": "127.0.0.1:1"], "another port"),
            (["Origin": "http://evil.example"], "another site's page"),
            (["Origin": "http://localhost:\(guide.port + 1)"], "another server on this computer"),
            (["Origin": "null"], "a sandboxed page"),
            (["Sec-Fetch-Site": "cross-site"], "the browser says it is another site"),
        ] {
            let answer = try guide.post("save", spainSave, headers: headers)
            XCTAssertEqual(answer.status, 403, why)
            XCTAssertNotNil(EditedGuide.json(answer)["error"] as? String, why)
        }
        XCTAssertEqual(try guide.post("save", ["kind": "country"], headers: ["Host": "localhost:\(guide.port)",
                                                                              "Origin": "http://localhost:\(guide.port)"]).status, 400,
                       "localhost with the port is the server's own address (past the gate: a bad request)")
        XCTAssertEqual(try guide.send("GET", "/__gazetteer/edit/login?secret=\(guide.secret)", headers: ["Host": "evil.example"],
                                      cookie: false).status, 403, "no login through another name either")
        XCTAssertEqual(guide.contentSnapshot(), before)
    }

    func testTheWrongContentTypeAChunkedOrOversizedBodyIsRefusedUnread() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let json = [UInt8](try JSONSerialization.data(withJSONObject: spainSave))
        for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""] {
            let answer = try guide.send("POST", "/__gazetteer/edit/api/save", headers: ["Content-Type": type], body: json)
            XCTAssertEqual(answer.status, 415, type)
        }
        let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain",
                                    headers: ["Content-Type": "application/json"], body: json)
        XCTAssertEqual(upload.status, 415, "a picture comes as an image type")
        let tooLarge = try guide.send("POST", "/__gazetteer/edit/api/save", headers: ["Content-Length": String(2 << 20)], body: [])
        XCTAssertEqual(tooLarge.status, 413, "refused from the head, before 2 MB are sent")
        XCTAssertEqual(EditedGuide.json(tooLarge)["error"] as? String, "the body is over the limit of 1 MB")
        let chunked = try guide.send("POST", "/__gazetteer/edit/api/save",
                                     headers: ["Content-Length": "", "Transfer-Encoding": "chunked"], body: Array("5\r\nhello\r\n0\r\n\r\n".utf8))
        XCTAssertEqual(chunked.status, 411)
        XCTAssertEqual(try guide.send("GET", "/__gazetteer/edit/api/save").status, 405, "a change is a POST")
        XCTAssertEqual(guide.contentSnapshot(), before)
    }

    func testNamesThatWouldLeaveContentAreRefused() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        for slug in ["../../gazetteer", "..", "a/b", "nul\u{0}l", ".hidden", "tab\there", "back\\slash", ""] {
            let create = try guide.post("create", ["kind": "city", "slug": slug, "fields": ["name": "X", "country": "spain"], "body": ""])
            XCTAssertEqual(create.status, 403, slug.debugDescription)
            XCTAssertNotNil(EditedGuide.json(create)["error"] as? String)
            let read = try guide.get("entry?kind=city&slug=" + (slug.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            XCTAssertEqual(read.status, 403, slug.debugDescription)
            let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug="
                                        + (slug.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                                        headers: ["Content-Type": "image/png"], body: [0x89, 0x50, 0x4E, 0x47])
            XCTAssertTrue([400, 403].contains(upload.status), slug.debugDescription)
        }
        XCTAssertEqual(try guide.post("create", ["kind": "secrets", "slug": "x", "fields": [:]]).status, 400, "only countries and cities")
        XCTAssertEqual(guide.contentSnapshot(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: guide.site.root.appending(path: "gazetteer.md").path))
    }

    func testASymbolicLinkOutOfTheGuideIsRefused() throws {
        let outside = FileManager.default.temporaryDirectory.appending(path: "gazetteer-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let secret = "---\nname: Secret\ncountry: spain\n---\n"
        try Data(secret.utf8).write(to: outside.appending(path: "secret.md"))
        let guide = try EditedGuide()
        try guide.login()
        try FileManager.default.createSymbolicLink(atPath: guide.site.root.appending(path: "content/cities/leak.md").path,
                                                   withDestinationPath: outside.appending(path: "secret.md").path)
        let read = try guide.get("entry?kind=city&slug=leak")
        XCTAssertEqual(read.status, 403)
        XCTAssertFalse(read.text.contains("Secret"))
        let save = try guide.post("save", ["kind": "city", "slug": "leak", "digest": "", "fields": ["name": "Changed"]])
        XCTAssertEqual(save.status, 403)
        XCTAssertEqual(try guide.post("delete", ["kind": "city", "slug": "leak", "digest": ""]).status, 403)
        XCTAssertEqual(try String(contentsOf: outside.appending(path: "secret.md"), encoding: .utf8), secret)
        // A picture folder that is a link out: no upload lands there.
        try FileManager.default.removeItem(at: guide.site.root.appending(path: "content/cities/pictures"))
        try FileManager.default.createSymbolicLink(atPath: guide.site.root.appending(path: "content/cities/pictures").path,
                                                   withDestinationPath: outside.path)
        let png = try XCTUnwrap(guide.bytes("content/countries/flags/spain.svg"))
        let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug=madrid",
                                    headers: ["Content-Type": "image/svg+xml"], body: png)
        XCTAssertEqual(upload.status, 403, upload.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["secret.md"])
    }

    func testEditModeRefusesAHostBeyondLoopback() {
        for host in ["0.0.0.0", "192.168.1.10", "::", "example.com"] {
            let box = OutputBox()
            let status = CommandLineTool.run(["serve", "--edit", "--host", host, "--source", "/nonexistent"],
                                             output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
            XCTAssertEqual(status, 2, host)
            XCTAssertTrue(box.err.contains("--edit serves only this computer"), box.err)
            XCTAssertTrue(box.out.isEmpty, "nothing served")
        }
        for host in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] { XCTAssertTrue(CommandLineTool.isLoopback(host), host) }
        let box = OutputBox()
        XCTAssertEqual(CommandLineTool.run(["serve", "--help"], output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) })), 0)
        XCTAssertTrue(box.out.contains("--edit ") && box.out.contains("edit the guide in the browser"), box.out)
    }

    func testTheUIFilesAreServedFromTheBinaryWithoutSigningIn() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-edit-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: @Sendable (String) -> [UInt8]? = { ["edit.js": Array("console.log(1)\n".utf8)][$0] }
        let edit = EditSession(source: folder, cache: folder.appending(path: "cache"), basis: EditBasis.Receiver(), uiFiles: files) { _ in }
        let server = PreviewServer(root: folder, host: "127.0.0.1", port: 0, injectReloadScript: true, idleTimeout: .seconds(5), edit: edit)
        let port = try server.start()
        defer { server.stop() }
        let client = try RawHTTPClient(port: port)
        client.send("GET /__gazetteer/edit/edit.js HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let script = try client.readResponse()
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.text, "console.log(1)\n")
        XCTAssertEqual(script.headers["content-type"], "text/javascript; charset=utf-8")
        let css = try RawHTTPClient(port: port)
        css.send("GET /__gazetteer/edit/edit.css HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try css.readResponse().status, 404, "only what the binary has")
    }
}
