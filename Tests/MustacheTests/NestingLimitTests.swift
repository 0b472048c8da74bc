import Foundation
import Mustache
import XCTest

/// Hostile templates: deep nesting stops at a documented limit with one located error,
/// long templates parse in linear time, and a broken template prints at most a screenful.
final class NestingLimitTests: XCTestCase {
    private func errors(_ text: String, path: String = "templates/404.mustache") -> [String] {
        do {
            _ = try TemplateLibrary([TemplateSource(name: "404", path: path, text: text)])
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// Seconds `body` takes.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    func testAHundredNestedSectionsRender() throws {
        let text = String(repeating: "{{#a}}", count: 100) + "deep" + String(repeating: "{{/a}}", count: 100)
        XCTAssertEqual(try Template(source: text).render(["a": true]), "deep")
    }

    func testTheHundredAndFirstLevelIsOneErrorAtItsTag() {
        let text = String(repeating: "{{#a}}\n", count: 100) + "  {{^b}}x{{/b}}\n" + String(repeating: "{{/a}}\n", count: 100)
        XCTAssertEqual(errors(text), [
            #"templates/404.mustache:101:3: inverted section "b" is nested 101 deep; sections, parents and blocks may nest at most 100 deep"#,
        ])
    }

    func testAHundredThousandUnclosedSectionsGiveOneErrorAtOnce() {
        var found: [String] = []
        let time = seconds { found = errors(String(repeating: "{{#a}}", count: 100_000)) }
        XCTAssertEqual(found, [
            #"templates/404.mustache:1:601: section "a" is nested 101 deep; sections, parents and blocks may nest at most 100 deep"#,
        ])
        XCTAssertLessThan(time, 2)
    }

    func testAHundredThousandProperlyNestedSectionsStopAtTheLimitAtOnce() {
        var found: [String] = []
        let text = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        let time = seconds { found = errors(text) }
        XCTAssertEqual(found.count, 1)
        XCTAssertLessThan(time, 2)
    }

    func testAOneLineTemplateOfOneHundredThousandTagsParsesInLinearTime() throws {
        // Locating every tag once walked its line from the start: quadratic on one long line.
        // Measured against an eighth of the line, fastest of three each, so that a loaded
        // machine slows both alike: linear parsing takes about 8 times as long, quadratic 64
        // (a limit of 24 leaves room for a machine whose load changes between the two).
        func fastest(_ count: Int) throws -> Double {
            let text = String(repeating: "{{#a}}é{{b}}{{/a}}", count: count)
            return try (0..<3).map { _ in try seconds { _ = try Template(source: text) } }.min()!
        }
        let ratio = try fastest(80_000) / fastest(10_000)
        XCTAssertLessThan(ratio, 24, "eight times the tags took \(ratio) times as long")
        let template = try Template(source: String(repeating: "{{#a}}é{{b}}{{/a}}", count: 40_000))
        XCTAssertEqual(try template.render(["a": true, "b": 1]).count, 80_000)
    }

    func testErrorsOfOneTemplateFillAtMostAScreen() {
        let found = errors("<p>\n" + String(repeating: "{{/x}}", count: 20_000))
        XCTAssertEqual(found.count, 11)
        XCTAssertEqual(found[0], #"templates/404.mustache:2:1: closing tag "x" without an open section"#)
        XCTAssertEqual(found[10], "templates/404.mustache:2:61: ... and 19,990 more errors in this template")
    }

    func testElevenErrorsAreAllShown() {
        XCTAssertEqual(errors(String(repeating: "{{/x}}", count: 11)).count, 11)
    }

    func testAPartialIncludingItselfInsideSectionsStopsWithALocatedError() throws {
        // 100 sections per level and 200 partial levels would be 20,000 nested runs; the
        // renderer stops at 250 in all, which fits a 1 MB stack even in a debug build.
        let opens = String(repeating: "{{#a}}", count: 99), closes = String(repeating: "{{/a}}", count: 99)
        let library = try TemplateLibrary([
            TemplateSource(name: "page", path: "templates/page.mustache", text: "{{>tree}}"),
            TemplateSource(name: "tree", path: "templates/tree.mustache", text: opens + "\n  {{>tree}}" + closes),
        ])
        let outcome = ResultBox()
        let thread = Thread {
            do throws(MustacheError) {
                _ = try library.render("page", context: ["a": true], strict: true)
            } catch { outcome.set(error.description) }
        }
        thread.stackSize = 1024 * 1024
        thread.start()
        XCTAssertTrue(outcome.wait(seconds: 20))
        XCTAssertEqual(outcome.value, "templates/tree.mustache:2:3: sections and partials nested more than 250 deep "
                       + "while rendering (a template including itself?)")
    }

    func testListsInsideListsStopAtTheStepLimitAtTheRepeatingSection() throws {
        // 2^40 iterations: without a budget, this page would never finish. (The standard
        // budget, 50 million steps, takes half a minute in a debug build: `make limits`.)
        let text = "<ul>\n" + String(repeating: "{{#l}}", count: 40) + "x" + String(repeating: "{{/l}}", count: 40)
        let template = try Template(source: text, path: "templates/index.mustache")
        var message = ""
        let time = seconds {
            do throws(MustacheError) {
                _ = try template.render(["l": [1, 2]], limits: RenderLimits(steps: 1_000_000))
            } catch { message = error.description }
        }
        XCTAssertTrue(message.hasPrefix("templates/index.mustache:2:"), message)
        XCTAssertTrue(message.hasSuffix("rendering the page took over 1 million steps (sections or partials repeating each other?)"),
                      message)
        XCTAssertLessThan(time, 5)
    }

    func testAPartialIncludingItselfTwiceStops() throws {
        let library = try TemplateLibrary([
            TemplateSource(name: "page", path: "templates/page.mustache", text: "{{>twice}}"),
            TemplateSource(name: "twice", path: "templates/twice.mustache", text: "{{>twice}}{{>twice}}"),
        ])
        XCTAssertThrowsError(try library.render("page", context: [:], strict: true)) { error in
            XCTAssertTrue("\(error)".hasPrefix("templates/twice.mustache:1:"), "\(error)")
        }
    }

    func testAPageOverSixtyFourMegabytesStops() throws {
        let template = try Template(source: "{{#l}}{{{big}}}{{/l}}", path: "templates/city.mustache")
        let big = MustacheValue.string(String(repeating: "x", count: 1 << 20))
        XCTAssertThrowsError(try template.render(["l": .array(Array(repeating: 1, count: 100)), "big": big])) { error in
            XCTAssertEqual("\(error)", "templates/city.mustache:1:1: the page is over 64 MB (sections or partials repeating each other?)")
        }
    }
}

/// A value set once by another thread.
private final class ResultBox: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var value: String?

    func set(_ text: String) {
        value = text
        done.signal()
    }

    func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }
}
