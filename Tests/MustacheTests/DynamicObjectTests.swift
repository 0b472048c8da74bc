import Foundation
import Mustache
import XCTest

/// Objects whose keys are computed when a template looks them up.
final class DynamicObjectTests: XCTestCase {
    /// An image whose thumbnails are "made" on lookup; records which keys were asked for.
    final class LazyImage: MustacheObject, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String] = []
        let alt: String

        init(alt: String) { self.alt = alt }

        var lookups: [String] { lock.withLock { asked } }

        func value(forKey key: String) -> MustacheValue? {
            lock.withLock { asked.append(key) }
            switch key {
            case "alt": return .string(alt)
            case "table", "large": return ["src": .string("\(key).png"), "width": key == "table" ? 115 : 360]
            default: return nil
            }
        }
    }

    func testKeysAreComputedOnlyWhenUsed() throws {
        let flag = LazyImage(alt: "Flag of Japan")
        let template = try Template(source: #"{{#flag.table}}<img src="{{src}}" width="{{width}}" alt="{{flag.alt}}">{{/flag.table}}"#)
        XCTAssertEqual(try template.render(["flag": .dynamic(flag)]), #"<img src="table.png" width="115" alt="Flag of Japan">"#)
        XCTAssertEqual(flag.lookups, ["table", "alt"])
    }

    func testMissingKeyGoesOnDownTheStack() throws {
        let flag = LazyImage(alt: "Flag")
        let template = try Template(source: "{{#flag}}{{alt}} of {{name}}{{/flag}}")
        XCTAssertEqual(try template.render(["name": "Japan", "flag": .dynamic(flag)]), "Flag of Japan")
        XCTAssertEqual(flag.lookups, ["alt", "name"])
    }

    func testDynamicObjectInStrictMode() throws {
        let library = try TemplateLibrary([TemplateSource(name: "t", path: "templates/t.mustache", text: "{{flag.huge.src}}")])
        XCTAssertThrowsError(try library.render("t", context: ["flag": .dynamic(LazyImage(alt: "x"))], strict: true)) { error in
            XCTAssertEqual("\(error)", #"templates/t.mustache:1:1: unknown key "flag.huge.src""#)
        }
        XCTAssertEqual(try library.render("t", context: ["flag": .dynamic(LazyImage(alt: "x"))], strict: false), "")
    }

    func testDynamicObjectIsTruthyAndPassesThroughJSON() throws {
        let flag = LazyImage(alt: "Flag")
        XCTAssertEqual(try Template(source: "{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}").render(json: ["flag": flag]), "yes")
    }
}
