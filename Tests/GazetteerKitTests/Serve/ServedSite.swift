import Foundation
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

/// A small built site in a temporary folder (with a secret file beside it and symlinks that
/// try to leave it), served by a `PreviewServer` on an ephemeral loopback port.
final class ServedSite {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static let secret = "TOP-SECRET-OUTSIDE-THE-SITE"

    let folder: URL
    let root: URL
    let server: PreviewServer
    let port: Int

    init(notFoundPage: Bool = true, injectReloadScript: Bool = true, idleTimeout: Duration = .seconds(5)) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-serve-\(UUID().uuidString)")
        root = folder.appending(path: "site")
        let files: [String: [UInt8]] = [
            "index.html": Array("<!doctype html><html><body><h1>Guide</h1></body></html>\n".utf8),
            "countries/index.html": Array("<html><body><h1>Countries</h1></body></html>".utf8),
            "countries/spain.html": Array("<html><body><h1>Spain</h1></body></html>".utf8),
            "assets/style.css": Array("body { color: navy; }\n".utf8),
            "assets/app.js": Array("console.log('hi')\n".utf8),
            "flags/es.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".utf8),
            "thumbs/madrid.png": Self.png,
            "empty/keep": [], ".git/config": Array("[core]\n".utf8),
        ]
        for (path, bytes) in files { try Self.write(path, bytes, in: root) }
        if notFoundPage { try Self.write("404.html", Array("<html><body><h1>Lost?</h1></body></html>".utf8), in: root) }
        try Data(Self.secret.utf8).write(to: folder.appending(path: "secret.txt"))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appending(path: "etc").path, withDestinationPath: "/etc")
        try manager.createSymbolicLink(atPath: root.appending(path: "leak.txt").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: root.appending(path: "spain.html").path, withDestinationPath: "countries/spain.html")
        server = PreviewServer(root: root, injectReloadScript: injectReloadScript, idleTimeout: idleTimeout)
        port = try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ path: String, _ bytes: [UInt8]) throws { try Self.write(path, bytes, in: root) }

    static func write(_ path: String, _ bytes: [UInt8], in root: URL) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func get(_ target: String, method: String = "GET") throws -> RawHTTPClient.Response {
        try RawHTTPClient.get(target, port: port, method: method)
    }

    func connect() throws -> RawHTTPClient { try RawHTTPClient(port: port) }
}
