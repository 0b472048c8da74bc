import Foundation
import XCTest
@testable import Search
import OptionalTools

/// search.js in headless Chromium from file://, over an index built from the fixtures, in a
/// page one folder down (data-root="../") as a country page would be.
final class BrowserSearchTests: XCTestCase {
    private var site: URL!

    override func setUpWithError() throws {
        try requireChromium()
        site = FileManager.default.temporaryDirectory.appending(path: "search-browser-\(UUID().uuidString)")
        // Small shards and chunks, so that queries load several files.
        let build = try SearchIndex.build(Fixtures.records, options: SearchOptions(shardLimit: 80, chunkSize: 4))
        for (path, bytes) in build.files { try write(bytes, "\(path)") }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../templates/assets/search.js")
        try write(Array(Data(contentsOf: script)), "assets/search.js")
        for record in Fixtures.records {
            let path = (record.kind == .country ? "countries/" : "cities/") + record.slug + ".html"
            try write(Array("<!doctype html><meta charset=utf-8><body data-page=\"\(path)\">\(record.name)</body>".utf8), path)
        }
    }

    override func tearDown() {
        if let site { try? FileManager.default.removeItem(at: site) }
    }

    private func write(_ bytes: [UInt8], _ path: String) throws {
        let url = site.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// The layout's markup (see the report of issue 16), then `script`, which may await `type(query)`.
    private func run(_ script: String, page: String = "countries/test.html") throws -> String {
        try write(Array("""
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>
            <div class="site-search" data-search data-root="../" hidden>
            <label class="site-search-label" for="site-search">Search</label>
            <input id="site-search" class="site-search-input" type="search" placeholder="Search">
            </div>
            <script src="../assets/search.js"></script>
            <pre id="out"></pre>
            <script>
            var box = document.querySelector("[data-search]"), input = document.getElementById("site-search");
            function type(query) {
              return new Promise(function (resolve) {
                box.addEventListener("search:results", function () {
                  var options = Array.from(document.querySelectorAll("[role=option]"));
                  resolve({
                    names: options.map(function (o) { return o.querySelector(".search-name").textContent; }),
                    kinds: options.map(function (o) { return o.querySelector(".search-kind").textContent; }),
                    marks: options.map(function (o) { var m = o.querySelector("mark"); return m ? m.textContent : ""; }),
                    hrefs: options.map(function (o) { return o.querySelector("a").getAttribute("href"); }),
                    status: document.querySelector("[role=status]").textContent
                  });
                }, { once: true });
                input.value = query;
                input.dispatchEvent(new Event("input"));
              });
            }
            function key(name, target) {
              (target || input).dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
            }
            (async function () {
              var out = {};
              try { \(script) } catch (error) { out.error = String(error); }
              document.getElementById("out").textContent = "<<" + JSON.stringify(out) + ">>";
            })();
            </script></body></html>
            """.utf8), page)
        return try HeadlessChromium.dom(of: site.appending(path: page))
    }

    /// Runs `script`, which fills `out`, and returns it.
    private func results(_ script: String) throws -> [String: Any] {
        let dom = try run(script)
        let match = try XCTUnwrap(dom.firstMatch(of: /&lt;&lt;(.*)&gt;&gt;/), "the page reported nothing: \(dom)")
        let json = String(match.1).replacingOccurrences(of: "&amp;", with: "&")
        let out = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertNil(out["error"], "\(out["error"]!)")
        return out
    }

    func testTheBrowserFoldsAndSplitsWordsLikeSwift() throws {
        let samples = ["Reykjavík", "CÔTE D'IVOIRE", "Straße ẞ", "Łódź", "Færøerne", "Œuvre", "Þingvellir", "Đà Nẵng",
                       "İstanbul ı", "ΟΔΟΣ Σοφία", "Ελληνική Δημοκρατία", "大阪 東京都", "Ǆemal ǅ", "ﬁne", "Ĳsselmeer",
                       "Ŀleida ſ", "Tromsø—Ålesund", "São Tomé & Príncipe", "Mǎ Yīng-jiǔ", "Hà Nội", "Ħamrun Ŧ",
                       "A\u{301}\u{20DD}b", "१२३ हिन्दी", "עִבְרִית", "Ñandú 2024", "日本語のテキスト", "Zürich’s"]
        let list = String(decoding: try JSONSerialization.data(withJSONObject: samples), as: UTF8.self)
        let out = try results("""
            out.folded = \(list).map(GazetteerSearch.fold);
            out.words = \(list).map(GazetteerSearch.words);
            """)
        XCTAssertEqual(out["folded"] as? [String], samples.map(Folding.fold))
        XCTAssertEqual(out["words"] as? [[String]], samples.map { Folding.words(in: $0) })
    }

    func testQueriesFindNamesCapitalsAndBodyWords() throws {
        let out = try results("""
            out.reykjavik = await type("reykjavik");
            out.cote = await type("cote");
            out.sanf = await type("San F");
            out.capital = await type("yamoussoukro");
            out.body = await type("geotherm");
            out.greek = await type("ελλ");
            out.republic = await type("republic");
            out.none = await type("qqqq");
            """)
        func field(_ query: String, _ name: String) -> [String] { (out[query] as! [String: Any])[name] as? [String] ?? [] }
        func status(_ query: String) -> String { (out[query] as! [String: Any])["status"] as! String }
        XCTAssertEqual(field("reykjavik", "names"), ["Reykjavík", "Iceland"])
        XCTAssertEqual(field("reykjavik", "kinds"), ["City · Iceland", "Country"])
        XCTAssertEqual(field("reykjavik", "hrefs"), ["../cities/reykjavik.html", "../countries/iceland.html"])
        XCTAssertEqual(status("reykjavik"), "2 results")
        XCTAssertEqual(field("cote", "names"), ["Côte d'Ivoire"])
        XCTAssertEqual(field("sanf", "names"), ["San Francisco", "San Diego", "Santiago"])
        XCTAssertEqual(field("sanf", "marks"), ["", "famous", "Framed"], "body matches show their word marked")
        XCTAssertEqual(field("capital", "names"), ["Côte d'Ivoire"])
        XCTAssertEqual(field("body", "names"), ["Reykjavík"])
        XCTAssertEqual(field("body", "marks"), ["geothermal"])
        XCTAssertEqual(field("greek", "names"), ["Ελλάδα"])
        XCTAssertEqual(field("republic", "names"), ["Côte d'Ivoire", "Germany", "Iceland"],
                       "official names tied: by name, though Côte d'Ivoire's slug, ivory-coast, comes last")
        XCTAssertEqual(field("none", "names"), [])
        XCTAssertEqual(status("none"), "No results")
    }

    func testTheBoxShowsOnlyWithTheScriptAndFollowsTheComboboxPattern() throws {
        let out = try results("""
            out.hidden = box.hidden;
            key("/", document.body);
            out.focused = document.activeElement === input;
            await type("san");
            out.expanded = input.getAttribute("aria-expanded");
            key("ArrowDown"); key("ArrowDown");
            out.active = document.getElementById(input.getAttribute("aria-activedescendant")).textContent;
            out.selected = document.querySelectorAll("[aria-selected=true]").length;
            key("Escape");
            out.closed = input.getAttribute("aria-expanded") + " " + document.querySelector("[role=listbox]").hidden;
            key("Escape");
            out.cleared = input.value;
            """)
        XCTAssertEqual(out["hidden"] as? Bool, false, "the script shows the box")
        XCTAssertEqual(out["focused"] as? Bool, true, "/ focuses the box")
        XCTAssertEqual(out["expanded"] as? String, "true")
        XCTAssertTrue((out["active"] as? String ?? "").hasPrefix("San Francisco"), "\(out)")
        XCTAssertEqual(out["selected"] as? Int, 1)
        XCTAssertEqual(out["closed"] as? String, "false true", "Escape closes the list")
        XCTAssertEqual(out["cleared"] as? String, "", "a second Escape clears the box")
    }

    /// Ids follow slugs, which in Fixtures.ties run against the names: the first eight of ten
    /// or more tied records are still the first by name, told by the shard's list by name (names
    /// tied), by the tied records' rows (nine bodies) or by the order files (twelve bodies); and
    /// the results shown are in name order, names compared by code point.
    func testTiesRankByNameWhateverTheSlugs() throws {
        try FileManager.default.removeItem(at: site.appending(path: "search"))
        for (path, bytes) in try SearchIndex.build(Fixtures.ties, options: Fixtures.tieOptions).files { try write(bytes, path) }
        let out = try results("""
            for (var query of ["porto", "beacon", "lighthouse", "lantern"]) {
              var before = GazetteerSearch.requested.length;
              out[query] = await type(query);
              out[query].loaded = GazetteerSearch.requested.slice(before);
            }
            """)
        let first = "ABCDEFGH".map(String.init)
        for (query, name, orderFiles) in [("porto", "Porto", 0), ("beacon", "Signal", 0), ("lighthouse", "Keeper", 1)] {
            let answer = try XCTUnwrap(out[query] as? [String: Any])
            XCTAssertEqual(answer["names"] as? [String], first.map { "\(name) \($0)" }, query)
            let loaded = answer["loaded"] as? [String] ?? []
            XCTAssertEqual(min(loaded.filter { $0.hasPrefix("o/") }.count, 1), orderFiles, "\(query) loaded \(loaded)")
        }
        XCTAssertEqual((out["porto"] as? [String: Any])?["status"] as? String, "10 results, 8 shown")
        XCTAssertEqual((out["lantern"] as? [String: Any])?["names"] as? [String], ["ｓ Lantern", "𠀋 Lantern"],
                       "names compared by code point, as Swift compares them")
    }

    func testArrowKeysAndEnterOpenTheChosenResultsPage() throws {
        let dom = try run("""
            await type("reykjavik");
            key("ArrowDown"); key("ArrowDown"); key("Enter");
            """)
        XCTAssertTrue(dom.contains(#"data-page="countries/iceland.html""#), "the second result, Iceland, opened: \(dom)")
    }
}
