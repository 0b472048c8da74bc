import Foundation
import Mustache
import XCTest

/// Runs every case of the official Mustache specification, except the optional lambdas module.
/// The spec's JSON files are looked for in `$MUSTACHE_SPEC_DIR`, then in `shared/mustache-spec`
/// beside the package (where CI puts them); a clone without either skips this test with one
/// line saying how to get them. `SpecSectionTests` covers each section with cases of our own.
final class SpecTests: XCTestCase {
    static let sharedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/mustache-spec")

    /// The first folder that holds the spec, or nil.
    static func specDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        var candidates: [URL] = []
        if let path = environment["MUSTACHE_SPEC_DIR"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(sharedDirectory)
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("interpolation.json").path)
        }
    }

    func testSpecification() throws {
        guard let directory = Self.specDirectory() else {
            let line = "Mustache spec: skipped, not found in $MUSTACHE_SPEC_DIR or \(Self.sharedDirectory.path)"
                + " (get the JSON files under specs/ of the mustache/spec repository and set MUSTACHE_SPEC_DIR)"
            throw XCTSkip(line)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        var run = 0
        var failures = 0
        for file in files.sorted() where file.hasSuffix(".json") && !file.contains("lambdas") {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let spec = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], file)
            let tests = try XCTUnwrap(spec["tests"] as? [[String: Any]], file)
            for test in tests {
                run += 1
                let name = "\(file): \(test["name"] as? String ?? "?")"
                let source = try XCTUnwrap(test["template"] as? String, name)
                let expected = try XCTUnwrap(test["expected"] as? String, name)
                let partials = test["partials"] as? [String: String] ?? [:]
                let actual: String
                do {
                    actual = try Template(source: source).render(json: test["data"] as Any, partials: partials)
                } catch {
                    failures += 1
                    XCTFail("\(name)\ntemplate: \(source.debugDescription)\nerror: \(error)")
                    continue
                }
                if actual != expected {
                    failures += 1
                    XCTFail("""
                        \(name)
                        template: \(source.debugDescription)
                        partials: \(partials.mapValues(\.debugDescription))
                        data:     \(Self.json(test["data"]))
                        expected: \(expected.debugDescription)
                        actual:   \(actual.debugDescription)
                        """)
                }
            }
        }
        print("Mustache spec: \(run - failures) of \(run) cases passed (from \(directory.path))")
        XCTAssertEqual(run, 184, "every case of the spec (136 required, 27 inheritance, 21 dynamic names)")
        XCTAssertEqual(failures, 0)
    }

    func testTheEnvironmentVariableComesFirstAndAMissingFolderIsPassedOver() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("spec-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("interpolation.json"))
        XCTAssertEqual(Self.specDirectory(environment: ["MUSTACHE_SPEC_DIR": folder.path])?.path, folder.path)
        let missing = folder.appendingPathComponent("nothing-here").path
        XCTAssertNotEqual(Self.specDirectory(environment: ["MUSTACHE_SPEC_DIR": missing])?.path, missing)
    }

    private static func json(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
