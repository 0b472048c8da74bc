import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// Every page of the example guide, checked by axe-core in headless Chromium: no violation of
/// any rule. Needs Chromium and axe-core (`make test` puts axe.min.js in .build/tools, or set
/// AXE_CORE_JS); skipped with a line saying so where either is missing.
final class AccessibilityTests: XCTestCase {
    func testEveryPageOfTheExampleGuidePassesAxe() throws {
        try requireChromium()
        let axe = try requireAxeCore()
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: ExampleGuideTests.repository, output: output))
        let violations = try axeViolations(in: output, axe: axe)
        XCTAssertEqual(violations, [], violations.joined(separator: "\n"))
    }

    /// The same guide with its lists cut into pages of four: pagination and the A-Z bar on
    /// the City Guide, country and continent pages.
    func testPagedListsOfTheExampleGuidePassAxe() throws {
        try requireChromium()
        let axe = try requireAxeCore()
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-a11y-paged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["content", "static", "templates"] {
            try FileManager.default.copyItem(at: ExampleGuideTests.repository.appending(path: item), to: folder.appending(path: item))
        }
        let config = try String(contentsOf: ExampleGuideTests.repository.appending(path: "gazetteer.yaml"), encoding: .utf8)
        try Data((config + "\npage_size: 4\n").utf8).write(to: folder.appending(path: "gazetteer.yaml"))
        let output = folder.appending(path: "site")
        _ = try SiteBuild.run(BuildOptions(source: folder, output: output))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appending(path: "cities/page-2.html").path))
        let guide = try String(contentsOf: output.appending(path: "cities/page-2.html"), encoding: .utf8)
        XCTAssertTrue(guide.contains("rel=\"prev\""), "the page has pagination")
        let violations = try axeViolations(in: output, axe: axe)
        XCTAssertEqual(violations, [], violations.joined(separator: "\n"))
    }

    /// axe-core run over every page of the site in `output` (but the 404 page): one line per
    /// rule broken on a page.
    private func axeViolations(in output: URL, axe: URL) throws -> [String] {
        try FileManager.default.copyItem(at: axe, to: output.appending(path: "axe.min.js"))
        let pages = try FileManager.default.subpathsOfDirectory(atPath: output.path)
            .filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
        XCTAssertGreaterThan(pages.count, 40)

        // One browser: a probe page opens each page in a frame, runs axe in it, and writes
        // the violations into its own DOM.
        let list = pages.map { "\"\($0)\"" }.joined(separator: ",")
        try Data("""
            <!doctype html><html><body><iframe id="f" style="width:1280px;height:900px"></iframe><pre id="out"></pre>
            <script>
            const pages = [\(list)];
            const frame = document.getElementById('f');
            const found = [];
            function next(i) {
              if (i === pages.length) { document.getElementById('out').setAttribute('data-done', JSON.stringify(found)); return; }
              frame.onload = function () {
                const doc = frame.contentDocument;
                const script = doc.createElement('script');
                script.src = '../'.repeat(pages[i].split('/').length - 1) + 'axe.min.js';
                script.onload = function () {
                  frame.contentWindow.axe.run(doc, { resultTypes: ['violations'] }).then(function (result) {
                    result.violations.forEach(function (v) {
                      found.push(pages[i] + ': ' + v.id + ' (' + v.nodes.length + '): ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '));
                    });
                    next(i + 1);
                  });
                };
                doc.head.appendChild(script);
              };
              frame.src = pages[i];
            }
            next(0);
            </script></body></html>
            """.utf8).write(to: output.appending(path: "a11y-probe.html"))
        let dom = try HeadlessChromium.dom(of: output.appending(path: "a11y-probe.html"), budget: 60000, timeout: 120)
        let match = try XCTUnwrap(dom.firstMatch(of: /data-done="([^"]*)"/), "axe did not finish: \(dom.suffix(500))")
        let json = String(match.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
    }
}
