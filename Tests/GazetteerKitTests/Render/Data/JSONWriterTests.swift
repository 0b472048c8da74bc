import Foundation
import XCTest
@testable import Render
import FrontMatter

/// The data files' JSON: any text round-trips exactly, numbers keep YAML's type, the bytes
/// are safe inside a `<script>` element.
final class JSONWriterTests: XCTestCase {
    static let hostile = [
        "say \"hi\"", #"C:\path\to\file"#, "</script><script>alert(1)</script>", "🇫🇷 Paris 👩🏽‍💻",
        "القاهرة", "עברית and English", "e\u{301}cole", "école", "line\nbreak\ttab\r", "\u{2028}\u{2029}",
        "\u{0}\u{1}\u{1F}\u{7F}", "", "{\"a\": [1]}", "&amp; <b>", "\u{FEFF}bom", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
    ]

    /// Parses back with Foundation, and compares scalar by scalar (Swift's `==` would take
    /// "e\u{301}cole" and "école" for the same text).
    func testEveryTextRoundTripsScalarForScalar() throws {
        let value = JSONValue.object(Self.hostile.enumerated().map { ("k\($0.offset)\($0.element)", .string($0.element)) })
        let bytes = JSONWriter.encode(value)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String])
        XCTAssertEqual(parsed.count, Self.hostile.count)
        for (index, text) in Self.hostile.enumerated() {
            let key = try XCTUnwrap(parsed.keys.first { $0.unicodeScalars.elementsEqual("k\(index)\(text)".unicodeScalars) })
            XCTAssertEqual(Array(parsed[key]!.unicodeScalars), Array(text.unicodeScalars), "text \(index)")
        }
    }

    func testScriptEndLineSeparatorsAndControlsAreEscaped() {
        let text = String(decoding: JSONWriter.encode(.array([
            .string("</script>"), .string("a\u{2028}b\u{2029}c"), .string("\u{1}\u{7F}"), .string("1/2"), .string("e\u{301}"), .string("\u{FEFF}"),
        ])), as: UTF8.self)
        XCTAssertEqual(text, "[\"<\\/script>\",\"a\\u2028b\\u2029c\",\"\\u0001\\u007f\",\"1/2\",\"e\u{301}\",\"\\ufeff\"]\n")
        XCTAssertFalse(text.contains("</"))
    }

    func testKeysKeepTheirOrderAndTheBytesAreTheSameEachTime() {
        let value = JSONValue.object([("zeta", .int(1)), ("alpha", .null), ("mid", .array([.bool(true), .bool(false)]))])
        XCTAssertEqual(String(decoding: JSONWriter.encode(value), as: UTF8.self), "{\"zeta\":1,\"alpha\":null,\"mid\":[true,false]}\n")
        XCTAssertEqual(JSONWriter.encode(value), JSONWriter.encode(value))
    }

    /// `population: 007` is the number 7, `ratio: 1.10` 1.1, `hex: 0x10` 16, `founded:
    /// 1850-05-01` the text YAML leaves it, `.inf` a text as written.
    func testFrontMatterValuesKeepTheTypeYAMLGaveThem() throws {
        let yaml = """
            population: 007
            ratio: 1.10
            hex: 0x10
            big: 1e300
            negative: -0.5
            founded: 1850-05-01
            quoted: "42"
            flag: true
            none: ~
            endless: .inf
            tags: [old, 2, {deep: yes}]
            """
        let root = try YAMLParser.parse(yaml, path: "x.md")
        guard case .mapping(let entries) = root.value else { return XCTFail("a mapping") }
        let value = JSONValue.object(entries.map { ($0.key, JSONValue(yaml: $0.value)) })
        XCTAssertEqual(value, .object([
            ("population", .int(7)), ("ratio", .double(1.1)), ("hex", .int(16)), ("big", .double(1e300)), ("negative", .double(-0.5)),
            ("founded", .string("1850-05-01")), ("quoted", .string("42")), ("flag", .bool(true)), ("none", .null),
            ("endless", .string(".inf")), ("tags", .array([.string("old"), .int(2), .object([("deep", .string("yes"))])])),
        ]))
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONWriter.encode(value))) as? [String: Any])
        XCTAssertEqual(parsed["population"] as? Int, 7)
        XCTAssertEqual(parsed["ratio"] as? Double, 1.1)
        XCTAssertEqual(parsed["big"] as? Double, 1e300)
        XCTAssertEqual(parsed["founded"] as? String, "1850-05-01")
        XCTAssertEqual(parsed["quoted"] as? String, "42")
        XCTAssertTrue(parsed["none"] is NSNull)
        XCTAssertEqual(String(decoding: JSONWriter.encode(.double(.nan)), as: UTF8.self), "null\n")
    }
}
