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

/// A guide written into a temporary folder by a test, built like a user would build it.
struct FixtureSite {
    let root: URL

    init(_ files: [String: String] = FixtureSite.good) throws {
        root = FileManager.default.temporaryDirectory
            .appending(path: "gazetteer-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: root.appending(path: path)) }

    var output: URL { root.appending(path: "site") }

    /// Builds with the command-line front end; returns the exit status and what it printed.
    @discardableResult
    func build(_ extra: [String] = []) -> (status: Int32, out: String, err: String) {
        run(["build", "--source", root.path] + extra)
    }

    /// Runs `gazetteer` with `arguments`; returns the exit status and what it printed.
    @discardableResult
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let box = OutputBox()
        let status = CommandLineTool.run(
            arguments, output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
        return (status, box.out, box.err)
    }

    func read(_ path: String) -> String? {
        (try? Data(contentsOf: output.appending(path: path))).flatMap { String(data: $0, encoding: .utf8) }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appending(path: path).path) }

    /// Every file of the output, site-relative, with its bytes.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = output.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let path = url.resolvingSymlinksInPath().path
            if let data = try? Data(contentsOf: url), !url.hasDirectoryPath {
                files[String(path.dropFirst(prefix.count))] = data
            }
        }
        return files
    }

    func delete() { try? FileManager.default.removeItem(at: root) }

    static func flag(_ colour: String, width: Int = 300, height: Int = 200) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
        <rect width="\(width)" height="\(height)" fill="\(colour)"/></svg>
        """
    }

    static let good: [String: String] = [
        "gazetteer.yaml": "title: Test Guide\n",
        "content/countries/spain.md": """
            ---
            name: Spain
            official_name: Kingdom of Spain
            capital: Madrid
            motto: Plus Ultra
            continents: [Europe]
            flag: flags/spain.svg
            ---

            Spain's capital is [Madrid](../cities/madrid.md).
            """,
        "content/countries/flags/spain.svg": flag("#c60b1e"),
        "content/countries/japan.md": """
            ---
            name: Japan
            capital: Tokyo
            continent: Asia
            flag: flags/japan.svg
            ---

            An island country.
            """,
        "content/countries/flags/japan.svg": flag("#ffffff"),
        "content/countries/turkey.md": """
            ---
            name: Turkey
            capital: Ankara
            continents: [Asia, Europe]
            flag: /countries/flags/turkey.svg
            iso: TR
            ---
            """,
        "content/countries/flags/turkey.svg": flag("#e30a17"),
        "content/cities/madrid.md": """
            ---
            name: Madrid
            country: spain
            picture: pictures/madrid.svg
            ---

            The capital of [Spain](../countries/spain.md#top).
            """,
        "content/cities/pictures/madrid.svg": flag("#336699", width: 1000, height: 750),
        "content/cities/osaka.md": """
            ---
            name: Osaka
            country: japan
            ---

            A city without a picture.
            """,
    ]
}

final class OutputBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var out = ""
    private(set) var err = ""
    func append(out line: String) { lock.lock(); out += line + "\n"; lock.unlock() }
    func append(err line: String) { lock.lock(); err += line + "\n"; lock.unlock() }
}
