import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// The search box of a built guide, used as a reader would, in headless Chromium from disk: a
/// page opened from `file://`, a query typed into its header, the results read, a result
/// chosen with the arrow keys and Enter, and the page it leads to loaded.
final class SearchBrowserTests: XCTestCase {
    /// Opens `page` of the built site in a frame, types `query` into its search box, waits for
    /// the results, then (when `choose` is set) presses ArrowDown `choose` times and Enter.
    /// Returns what the browser saw: the results' names, the status line, and the title and
    /// path of the page the frame shows at the end.
    static func search(_ query: String, from page: String, in site: FixtureSite, choose: Int = 0) throws -> [String: String] {
        let probe = site.output.appending(path: "probe-search.html")
        try Data("""
            <!doctype html><html><body><iframe id="f" src="\(page)" style="width:1280px;height:800px"></iframe><script>
            var frame = document.getElementById('f'), loads = 0;
            function report(key, value) { document.body.setAttribute('data-' + key, value); }
            frame.onload = function () {
              var doc = frame.contentDocument;
              loads += 1;
              if (loads > 1) {
                report('title', doc.title);
                report('path', frame.contentWindow.location.pathname.split('/').slice(-2).join('/'));
                report('done', 'yes');
                return;
              }
              var box = doc.querySelector('[data-search]'), input = doc.querySelector('[data-search] input');
              report('shown', box && !box.hidden ? 'yes' : 'no');
              box.addEventListener('search:results', function () {
                var options = Array.from(doc.querySelectorAll('[role=option]'));
                report('names', options.map(function (o) { return o.querySelector('.search-name').textContent; }).join('|'));
                report('status', doc.querySelector('[role=status]').textContent);
                var empty = doc.querySelector('.search-empty');
                report('empty', empty && !empty.hidden && getComputedStyle(empty).display !== 'none' ? empty.textContent : '');
                if (\(choose) === 0) { report('done', 'yes'); return; }
                for (var n = 0; n < \(choose); n++) {
                  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
                }
                input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
              }, { once: true });
              input.focus();
              input.value = \(String(decoding: try JSONEncoder().encode(query), as: UTF8.self));
              input.dispatchEvent(new Event('input', { bubbles: true }));
            };
            </script></body></html>
            """.utf8).write(to: probe)
        let dom = try HeadlessChromium.dom(of: probe, budget: 10000)
        var seen: [String: String] = [:]
        for match in dom.matches(of: /data-(\w+)="([^"]*)"/) { seen[String(match.1)] = String(match.2) }
        XCTAssertEqual(seen["done"], "yes", "the probe did not finish: \(dom.prefix(2000))")
        return seen
    }

    func testAReaderFindsACityAsTheyTypeAndFollowsTheResultFromDisk() throws {
        try requireChromium()
        var files = FixtureSite.good
        files["content/cities/reykjavik.md"] = "---\nname: Reykjavík\ncountry: japan\n---\n\nGeothermal pools by the harbour.\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)

        // Without the accent, from a page one folder down, as typed.
        let found = try Self.search("reykja", from: "cities/madrid.html", in: site)
        XCTAssertEqual(found["shown"], "yes", "the box shows where scripts run")
        XCTAssertEqual(found["names"], "Reykjavík")
        XCTAssertTrue(found["status"]?.contains("1") == true, "the live region says how many: \(found)")

        // Nothing found: said where the results would be, and to screen readers.
        let none = try Self.search("zanzibar", from: "index.html", in: site)
        XCTAssertEqual(none["names"], "")
        XCTAssertEqual(none["status"], "No results")
        XCTAssertEqual(none["empty"], "No results for “zanzibar”")
        XCTAssertEqual(found["empty"], "", "no such line when something is found")

        // A capital finds its country; ArrowDown and Enter open it.
        let opened = try Self.search("ankara", from: "index.html", in: site, choose: 1)
        XCTAssertEqual(opened["names"], "Turkey")
        XCTAssertEqual(opened["path"], "countries/turkey.html")
        XCTAssertTrue(opened["title"]?.contains("Turkey") == true, "\(opened)")

        // A word of a body, after an edit and an incremental build: the index follows.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nTakoyaki stalls line the canal.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(try Self.search("takoyaki", from: "countries/japan.html", in: site)["names"], "Osaka")
        XCTAssertEqual(try Self.search("geothermal", from: "countries/japan.html", in: site)["names"], "Reykjavík")
    }
}
