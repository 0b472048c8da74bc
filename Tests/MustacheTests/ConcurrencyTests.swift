import Dispatch
import Foundation
import Mustache
import XCTest

/// Parsed templates are shared, immutable values: many threads render them at once.
final class ConcurrencyTests: XCTestCase {
    func testOneLibraryRenderedFromManyThreads() throws {
        let library = try TemplateLibrary([
            TemplateSource(name: "layout", path: "layout", text: "<title>{{$title}}{{/title}}</title>\n<main>\n  {{$main}}{{/main}}\n</main>\n"),
            TemplateSource(name: "page", path: "page", text: """
                {{<layout}}{{$title}}{{name}}{{/title}}{{$main}}
                <ul>
                  {{#items}}
                  {{> item}}
                  {{/items}}
                </ul>
                {{/main}}{{/layout}}
                """),
            TemplateSource(name: "item", path: "item", text: "<li>{{n}} &amp; {{label}}</li>\n"),
        ])
        let contexts: [MustacheValue] = (0..<8).map { page in
            ["name": .string("Page \(page)"),
             "items": .array((0..<50).map { ["n": .int($0 * page), "label": .string("<\(page)>")] })]
        }
        let expected = try contexts.map { try library.render("page", context: $0, strict: true) }
        XCTAssertTrue(expected[3].contains("<li>147 &amp; &lt;3&gt;</li>"))

        let results = Results(count: 400)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            results.set(index, Result { try library.render("page", context: contexts[index % 8], strict: true) })
        }
        for index in 0..<400 {
            XCTAssertEqual(try results.get(index).get(), expected[index % 8], "render \(index)")
        }
    }

    func testOneTemplateRenderedFromManyThreads() throws {
        let template = try Template(source: "{{#list}}({{.}}){{/list}}")
        let results = Results(count: 200)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            results.set(index, Result { try template.render(json: ["list": [index, index + 1]]) })
        }
        for index in 0..<200 {
            XCTAssertEqual(try results.get(index).get(), "(\(index))(\(index + 1))")
        }
    }

    /// Results written from many threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<String, Error>?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Result<String, Error>) { lock.withLock { values[index] = value } }
        func get(_ index: Int) -> Result<String, Error> { lock.withLock { values[index]! } }
    }
}
