import Foundation
import Search

/// Runs search.js over the built index in headless Chromium from file://: the bytes a first
/// query loads (each query in a fresh frame), then the time from an input event to the results
/// being in the page with every file already loaded (median of 50 queries).
struct BrowserBench {
    let files: [String: [UInt8]]
    let records: [SearchRecord]
    let chromium = "/usr/bin/chromium"

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            print("browser: skipped, \(chromium) is not installed")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "search-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, bytes) in files { try write(bytes, to: folder.appending(path: path)) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../templates/assets/search.js")
        try write(Array(try Data(contentsOf: script)), to: folder.appending(path: "assets/search.js"))

        let names = records.map { Search.Folding.words(in: $0.name).first ?? "x" }
        let bodyWords = records.prefix(40).compactMap { Search.Folding.words(in: $0.body).first { $0.count >= 6 } }
        let groups: [(String, [String])] = [
            ("1-letter", ["a", "b", "d", "k", "l", "m", "r", "s", "t", "v"]),
            ("3-letter", names.prefix(10).map { String($0.prefix(3)) }),
            ("5-letter (names)", names.dropFirst(300).prefix(10).map { String($0.prefix(5)) }),
            ("5-letter (body words)", bodyWords.prefix(10).map { String($0.prefix(5)) }),
        ]
        var requestedByQuery: [String: [String]] = [:]
        for (label, queries) in groups {
            let loaded = try firstQueryLoads(queries, in: folder)
            var sizes: [Int] = []
            for query in queries {
                let names = loaded[query] ?? []
                requestedByQuery[query] = names
                sizes.append(names.reduce(0) { $0 + (files["search/\($1).js"]?.count ?? 0) })
            }
            print(String(format: "first query, %@: median %.1f KB, max %.1f KB, %.1f files (e.g. %@)", label,
                         Double(sizes.sorted()[sizes.count / 2]) / 1000, Double(sizes.max()!) / 1000,
                         Double(queries.map { loaded[$0]?.count ?? 0 }.reduce(0, +)) / Double(queries.count),
                         queries.prefix(3).joined(separator: ", ")))
        }
        var timed = groups.flatMap(\.1)
        timed += names.dropFirst(500).prefix(10).enumerated().map { n, name in String(name.prefix(2 + n % 4)) + " " + String(names[n].prefix(1)) }
        let times = try keystrokeTimes(Array(timed.prefix(50)), requested: requestedByQuery, in: folder)
        print(String(format: "keystroke to results, files loaded: median %.2f ms, max %.2f ms (%d queries)",
                     times.sorted()[times.count / 2], times.max()!, times.count))
    }

    private func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// The page every frame shows: the search box and the script, as the layout will have them.
    private func searchPage(extraHead: String = "", body: String = "") -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">\(extraHead)</head><body>
        <div class="site-search" data-search data-root="" hidden><label for="search-input">Search</label>
        <input id="search-input" type="search"></div>
        <script src="assets/search.js"></script>\(body)</body></html>
        """
    }

    private func firstQueryLoads(_ queries: [String], in folder: URL) throws -> [String: [String]] {
        try Data(searchPage(body: """
            <script>
            var query = decodeURIComponent(location.hash.slice(1)), box = document.querySelector("[data-search]");
            box.addEventListener("search:results", function () { document.body.setAttribute("data-done", "1"); });
            var input = box.querySelector("input"); input.value = query; input.dispatchEvent(new Event("input"));
            </script>
            """).utf8).write(to: folder.appending(path: "frame.html"))
        let frames = queries.enumerated().map { n, query in
            "<iframe id=\"f\(n)\" src=\"frame.html#\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)\"></iframe>"
        }.joined()
        try Data("""
            <!doctype html><html><head><meta charset="utf-8"></head><body>\(frames)
            <script>
            window.addEventListener("load", function () {
              setTimeout(function () {
                var out = [];
                for (var n = 0; n < \(queries.count); n++) {
                  var w = document.getElementById("f" + n).contentWindow;
                  out.push(w.document.body.getAttribute("data-done") ? w.GazetteerSearch.requested : null);
                }
                document.body.setAttribute("data-loaded", JSON.stringify(out));
              }, 2000);
            });
            </script></body></html>
            """.utf8).write(to: folder.appending(path: "loads.html"))
        let dom = try chromiumDOM(folder.appending(path: "loads.html"), virtualTime: true)
        guard let match = dom.firstMatch(of: /data-loaded="([^"]*)"/) else { throw BenchError("no loads measured: \(dom.prefix(500))") }
        let json = String(match.1).replacingOccurrences(of: "&quot;", with: "\"")
        let lists = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [Any]
        var loaded: [String: [String]] = [:]
        for (query, list) in zip(queries, lists) {
            guard let names = list as? [String] else { throw BenchError("query \(query) did not finish") }
            loaded[query] = names
        }
        return loaded
    }

    /// Every file the queries need is included in the page first, so each query runs from
    /// memory; the timing loop runs before the page's load event (no virtual time).
    private func keystrokeTimes(_ queries: [String], requested: [String: [String]], in folder: URL) throws -> [Double] {
        var needed = Set<String>()
        for query in queries { needed.formUnion(requested[query] ?? []) }
        let tags = needed.sorted().map { "<script src=\"search/\($0).js\"></script>" }.joined()
        let list = String(decoding: try JSONSerialization.data(withJSONObject: queries), as: UTF8.self)
        try Data(searchPage(extraHead: tags, body: """
            <script>
            (async function () {
              var box = document.querySelector("[data-search]"), input = box.querySelector("input"), times = [];
              for (var query of \(list)) {
                var done = new Promise(function (resolve) { box.addEventListener("search:results", resolve, { once: true }); });
                var start = performance.now();
                input.value = query;
                input.dispatchEvent(new Event("input"));
                await done;
                times.push(performance.now() - start);
              }
              document.body.setAttribute("data-times", JSON.stringify(times));
            })();
            </script>
            """).utf8).write(to: folder.appending(path: "timing.html"))
        let dom = try chromiumDOM(folder.appending(path: "timing.html"), virtualTime: false)
        guard let match = dom.firstMatch(of: /data-times="\[([^\]]*)\]"/) else { throw BenchError("no times: \(dom.suffix(800))") }
        return match.1.split(separator: ",").compactMap { Double($0) }
    }

    private func chromiumDOM(_ page: URL, virtualTime: Bool) throws -> String {
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        browser.arguments = ["120", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"]
            + (virtualTime ? ["--virtual-time-budget=30000"] : []) + ["--dump-dom", page.absoluteString]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        return dom
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
