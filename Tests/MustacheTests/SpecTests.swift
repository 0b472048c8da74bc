import Foundation
import Mustache
import XCTest

/// Runs every case of the official Mustache specification (../shared/mustache-spec beside the
/// package), except the optional lambdas module.
final class SpecTests: XCTestCase {
    static let specDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/mustache-spec")

    func testSpecification() throws {
        let directory = Self.specDirectory
        let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        guard let files, files.contains("interpolation.json") else {
            XCTFail("Mustache spec not found at \(directory.path): it must be the folder shared/mustache-spec beside the package")
            return
        }
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
        print("Mustache spec: \(run - failures) of \(run) cases passed")
        XCTAssertEqual(run, 184, "every case of the spec (136 required, 27 inheritance, 21 dynamic names)")
        XCTAssertEqual(failures, 0)
    }

    private static func json(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
