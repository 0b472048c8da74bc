import FuzzSupport
import GazetteerKit
import Diagnostics
import Mustache

/// The Mustache parser and renderer: the input is up to three templates separated by NUL
/// bytes (`page`, `partial`, `layout`: they may include each other), rendered in strict and
/// lenient mode. Checked: every parse or render error is located inside its template.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let parts = FuzzInput.bytes(data, size).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let names = ["page", "partial", "layout"]
    var texts: [String: String] = [:]
    for (name, part) in zip(names, parts) {
        guard let text = String(validating: part, as: UTF8.self) else { return 0 }
        texts["templates/\(name).mustache"] = text
    }
    let sources = zip(names, parts.indices).map { name, _ in
        TemplateSource(name: name, path: "templates/\(name).mustache", text: texts["templates/\(name).mustache"]!)
    }
    let library: TemplateLibrary
    do throws(MustacheErrorList) {
        library = try TemplateLibrary(sources)
    } catch {
        check(error.errors, texts)
        return 0
    }
    for strict in [true, false] {
        do throws(MustacheError) {
            _ = try library.render("page", context: context, strict: strict)
        } catch {
            check([error], texts)
        }
    }
    return 0
}

/// Names a template may use, with values of every kind, lists of two so that nesting multiplies.
private let context: MustacheValue = [
    "a": true, "b": false, "n": 0, "x": 1.5, "s": "<&\"'>", "e": "", "z": nil,
    "list": [["a": 1, "s": "one"], ["a": 2, "list": [], "name": "partial"]],
    "o": ["a": ["b": ["c": "deep"]], "name": "layout", "list": [1, 2]],
    "name": "partial",
]

private func check(_ errors: [MustacheError], _ texts: [String: String]) {
    for (path, group) in Dictionary(grouping: errors, by: \.path) {
        guard let text = texts[path] else { preconditionFailure("an error in an unknown template: \(group[0])") }
        FuzzCheck.located(DiagnosticList(group.map {
            Diagnostic($0.message, at: SourceLocation(path: $0.path, line: $0.line, column: $0.column))
        }), in: text)
    }
}
