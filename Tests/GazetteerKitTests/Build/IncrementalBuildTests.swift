import Foundation
import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental
#if canImport(Glibc)
import Glibc
#endif

/// Rebuilds after edits: only what changed is rendered and written, and the output is the
/// same, byte for byte, as a build from scratch.
final class IncrementalBuildTests: XCTestCase {
    /// Every file of a folder, site-relative, with its inode and modification time.
    private func stamps(_ folder: URL) -> [String: [Int]] { Self.stamps(folder) }

    static func stamps(_ folder: URL) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let path = String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))
            result[path] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
        return result
    }

    /// The site-relative paths whose inode or modification time differ, and those added or removed.
    /// The pages and other files that changed, but for the search index's (see SearchBuildTests)
    /// and the record of the files written, which follows the index's file names.
    private func changed(_ before: [String: [Int]], _ after: [String: [Int]]) -> Set<String> {
        Set(before.keys).union(after.keys).filter {
            before[$0] != after[$0] && !$0.hasPrefix("search/") && $0 != OutputRecord.name
        }
    }

    /// Every file written, replaced or removed, the search index's too: the summary's count.
    private func written(_ before: [String: [Int]], _ after: [String: [Int]]) -> Int {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.count
    }

    private func snapshot(_ folder: URL) -> [String: Data] { Self.snapshot(folder) }

    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in stamps(folder).keys { files[path] = try? Data(contentsOf: folder.appending(path: path)) }
        return files
    }

    /// Builds the site from scratch into a fresh output and cache, and returns that output.
    static func cleanBuild(_ site: FixtureSite) throws -> [String: Data] {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "gazetteer-clean-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = site.build(["--output", scratch.appending(path: "site").path, "--cache", scratch.appending(path: "cache").path])
        XCTAssertEqual(result.status, 0, result.err)
        return snapshot(scratch.appending(path: "site"))
    }

    private func assertSameAsCleanBuild(_ site: FixtureSite, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try Self.assertSameAsCleanBuild(site, message, file: file, line: line)
    }

    /// The output of `site` is that of a build from scratch, byte for byte.
    static func assertSameAsCleanBuild(_ site: FixtureSite, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let incremental = snapshot(site.output)
        let clean = try cleanBuild(site)
        XCTAssertEqual(Set(incremental.keys), Set(clean.keys), message, file: file, line: line)
        for (path, data) in clean where incremental[path] != data {
            // The feed dates an entry without `date` by when the build record first held its
            // file: a build from scratch has no record, so it is compared without its dates.
            if path == Feed.path, let a = incremental[path], feedWithoutDates(a) == feedWithoutDates(data) { continue }
            if path == JSONFeed.path, let a = incremental[path], jsonFeedWithoutDates(a) == jsonFeedWithoutDates(data) { continue }
            XCTFail("\(message): \(path) differs from a clean build", file: file, line: line)
        }
    }

    /// The feed's lines but its dates, its entries in order of their text.
    static func feedWithoutDates(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "<entry>")
        func undated(_ part: String) -> String {
            part.split(separator: "\n").filter { !$0.hasPrefix("<updated>") }.joined(separator: "\n")
        }
        return [undated(parts[0])] + parts.dropFirst().map(undated).sorted()
    }

    /// The JSON Feed but its dates, its items in order of their ids.
    static func jsonFeedWithoutDates(_ data: Data) -> Data? {
        guard var feed = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let items = feed["items"] as? [[String: Any]] else { return nil }
        feed["items"] = items.map { $0.filter { $0.key != "date_published" } }.sorted { "\($0["id"] ?? "")" < "\($1["id"] ?? "")" }
        return try? JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])
    }

    /// The built-in theme written into the site's `templates/`, so that tests can edit it.
    private func copyDefaultTheme(into site: FixtureSite) throws {
        for file in DefaultTheme.files {
            let url = site.root.appending(path: "templates/\(file.path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
    }

    private func append(_ text: String, to path: String, in site: FixtureSite) throws {
        let url = site.root.appending(path: path)
        let old = try String(contentsOf: url, encoding: .utf8)
        try site.write(path, old + text)
    }

    func testUnchangedRebuildRendersAndWritesNothing() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = stamps(site.output)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("(0 rendered, 0 files written), 0 thumbnails made"), result.out)
        XCTAssertEqual(stamps(site.output), before, "every output file keeps its inode and modification time")
    }

    func testEditingACityBodyRewritesOnlyItsPage() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = stamps(site.output)
        try append("\nMadrid has the Prado.\n", to: "content/cities/madrid.md", in: site)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        // Its country's page and the city list hold its body too, but do not show it: only its page
        // and its record (which holds its text) are rendered.
        XCTAssertTrue(result.out.contains("(2 rendered, \(written(before, stamps(site.output))) files written)"), result.out)
        XCTAssertEqual(changed(before, stamps(site.output)), ["cities/madrid.html", "cities/madrid.json"])
        XCTAssertTrue(site.read("cities/madrid.html")!.contains("Madrid has the Prado."))
        try assertSameAsCleanBuild(site, "after editing a body")
    }

    /// A manifest is written by copying the unchanged records of the previous one from its
    /// file (after the build has given up its bytes): one written so, and the one written from
    /// it in turn, read back whole, so that each edit renders its own page and nothing more.
    func testManifestsCopiedFromCopiedManifestsReadBackWhole() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        for (step, city) in ["madrid", "osaka", "madrid"].enumerated() {
            try append("\nEdit \(step) of \(city).\n", to: "content/cities/\(city).md", in: site)
            let result = site.build()
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertTrue(result.out.contains("(2 rendered, "), "step \(step): \(result.out)")
            XCTAssertTrue(site.read("cities/\(city).html")!.contains("Edit \(step) of \(city)."))
        }
        let unchanged = site.build()
        XCTAssertTrue(unchanged.out.contains("(0 rendered, 0 files written)"), unchanged.out)
        try assertSameAsCleanBuild(site, "after edits over copied manifests")
    }

    func testRenamingACityRewritesTheListsThatShowIt() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = stamps(site.output)
        let old = try String(contentsOf: site.root.appending(path: "content/cities/madrid.md"), encoding: .utf8)
        try site.write("content/cities/madrid.md", old.replacingOccurrences(of: "name: Madrid", with: "name: Villa de Madrid"))
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        // Its record, its country's, and the collections that name it; not the countries' CSV,
        // which names cities by slug.
        XCTAssertEqual(changed(before, stamps(site.output)), [
            "cities/madrid.html", "countries/spain.html", "cities/index.html", "cities/madrid.json", "countries/spain.json",
            "data/cities.json", "data/countries.json", "data/cities.csv",
        ])
        XCTAssertTrue(site.read("countries/spain.html")!.contains("Villa de Madrid"))
        try assertSameAsCleanBuild(site, "after renaming a city")
    }

    func testIncrementalOutputEqualsACleanBuildAfterEveryEdit() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: Test Guide\nbase_url: https://example.org/\n")
        XCTAssertEqual(site.build().status, 0)
        let edits: [(String, () throws -> Void)] = [
            ("a new city", {
                try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\npicture: pictures/kyoto.svg\n---\n\nOld capital.\n")
                try site.write("content/cities/pictures/kyoto.svg", FixtureSite.flag("#aa3355", width: 800, height: 600))
            }),
            ("a changed picture", {
                try site.write("content/cities/pictures/kyoto.svg", FixtureSite.flag("#113355", width: 600, height: 800))
            }),
            ("a city moved to another country", {
                try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: turkey\npicture: pictures/kyoto.svg\n---\n")
            }),
            ("a country's continents", {
                try site.write("content/countries/japan.md", "---\nname: Japan\ncontinents: [Asia, Australasia]\nflag: flags/japan.svg\n---\n")
            }),
            ("a renamed country", {
                try site.write("content/countries/japan.md", "---\nname: Nippon\ncontinents: [Asia, Australasia]\nflag: flags/japan.svg\n---\n")
            }),
            ("a changed flag", { try site.write("content/countries/flags/spain.svg", FixtureSite.flag("#ffcc00")) }),
            ("a deleted city", { try site.remove("content/cities/osaka.md") }),
            ("a link to a new country", {
                try site.write("content/countries/chile.md", "---\nname: Chile\ncontinent: South America\n---\n\nNear [Spain](spain.md).\n")
            }),
            ("a picture in a body", {
                try site.write("content/countries/pictures/coast.svg", FixtureSite.flag("#3399cc", width: 1200, height: 500))
                try self.append("\n![The coast](pictures/coast.svg)\n", to: "content/countries/chile.md", in: site)
            }),
            ("a deleted country whose city moves", {
                try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\n---\n")
                try site.remove("content/countries/turkey.md")
            }),
            ("a setting", { try site.write("gazetteer.yaml", "title: Another Title\n") }),
            ("an extra value, which only the data files show", {
                let chile = try String(contentsOf: site.root.appending(path: "content/countries/chile.md"), encoding: .utf8)
                try site.write("content/countries/chile.md", chile.replacingOccurrences(of: "continent:", with: "population: 19000000\ncontinent:"))
            }),
            ("the CSV turned off", { try site.write("gazetteer.yaml", "title: Another Title\ndata: {csv: false}\n") }),
            ("every data file turned off", { try site.write("gazetteer.yaml", "title: Another Title\ndata: false\n") }),
            ("the data files turned on again", { try site.write("gazetteer.yaml", "title: Another Title\n") }),
            ("a theme in templates/", { try self.copyDefaultTheme(into: site) }),
            ("a partial", {
                try self.append("<!-- lazy -->", to: "templates/partials/img.mustache", in: site)
            }),
        ]
        for (name, edit) in edits {
            try edit()
            let result = site.build()
            XCTAssertEqual(result.status, 0, "\(name): \(result.err)")
            try assertSameAsCleanBuild(site, "after \(name)")
        }
        // The folders compared hold the data files.
        XCTAssertTrue(Set(snapshot(site.output).keys).isSuperset(of: ["data/cities.json", "data/countries.csv", "countries/chile.json"]))
    }

    func testTemplateEditRerendersOnlyThePagesThatUseIt() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try copyDefaultTheme(into: site)
        XCTAssertEqual(site.build().status, 0)
        var before = stamps(site.output)
        try append("<!-- city -->\n", to: "templates/city.mustache", in: site)
        var result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("(2 rendered, \(written(before, stamps(site.output))) files written)"), result.out)
        XCTAssertEqual(changed(before, stamps(site.output)), ["cities/madrid.html", "cities/osaka.html"])

        // The eager image partial is used by city and country pages, and by the first rows
        // of the flag lists (index, gallery, continents), not by the City Guide or the continents list.
        before = stamps(site.output)
        try append(" ", to: "templates/partials/img-eager.mustache", in: site)
        result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(changed(before, stamps(site.output)), [
            "cities/madrid.html", "cities/osaka.html", "countries/spain.html", "countries/japan.html",
            "countries/turkey.html", "index.html", "flags/index.html", "continents/asia.html", "continents/europe.html",
        ])
        try assertSameAsCleanBuild(site, "after editing templates")
    }

    func testAListThatShowsSomeBodiesFollowsEditsToThoseBodiesOnly() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try copyDefaultTheme(into: site)
        let list = try String(contentsOf: site.root.appending(path: "templates/cities.mustache"), encoding: .utf8)
        try site.write("templates/cities.mustache", list.replacingOccurrences(
            of: "{{#cities}}\n", with: "{{#cities}}\n{{#extra.featured}}<div class=\"featured\">{{{body}}}</div>{{/extra.featured}}\n"))
        XCTAssertEqual(site.build().status, 0)
        let madrid = try String(contentsOf: site.root.appending(path: "content/cities/madrid.md"), encoding: .utf8)
        try site.write("content/cities/madrid.md", madrid.replacingOccurrences(of: "country: spain", with: "country: spain\nfeatured: true"))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("cities/index.html")!.contains("The capital of"))

        // The list shows Madrid's body: editing it rewrites the list.
        var before = stamps(site.output)
        try append("\nHome of the Prado.\n", to: "content/cities/madrid.md", in: site)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(changed(before, stamps(site.output)), ["cities/madrid.html", "cities/index.html", "cities/madrid.json"])
        XCTAssertTrue(site.read("cities/index.html")!.contains("Home of the Prado."))
        try assertSameAsCleanBuild(site, "after editing a body the list shows")

        // It does not show Osaka's.
        before = stamps(site.output)
        try append("\nOn Osaka Bay.\n", to: "content/cities/osaka.md", in: site)
        let result = site.build()
        XCTAssertTrue(result.out.contains("(2 rendered, \(written(before, stamps(site.output))) files written)"), result.out)
        XCTAssertEqual(changed(before, stamps(site.output)), ["cities/osaka.html", "cities/osaka.json"])
        try assertSameAsCleanBuild(site, "after editing a body the list does not show")
    }

    func testACityAddedIsWatchedWithItsPictureAfterTheBuildThatAddedIt() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/toledo.md", "---\nname: Toledo\ncountry: spain\npicture: pictures/toledo.svg\n---\n\nOn the Tagus.\n")
        try site.write("content/cities/pictures/toledo.svg", FixtureSite.flag("#aa7733", width: 1000, height: 750))
        XCTAssertEqual(site.build().status, 0)
        try assertSameAsCleanBuild(site, "after adding a city")
        // The build that added it watches it: nothing changed is nothing to do...
        let before = stamps(site.output)
        XCTAssertTrue(site.build().out.contains("(0 rendered, 0 files written), 0 thumbnails made"))
        XCTAssertEqual(stamps(site.output), before)
        // ...and an edit to it, or to the picture only it shows, is seen.
        try append("\nA walled city.\n", to: "content/cities/toledo.md", in: site)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("cities/toledo.html")!.contains("A walled city."))
        try site.write("content/cities/pictures/toledo.svg", FixtureSite.flag("#112233", width: 1000, height: 750))
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.out.contains(" 0 thumbnails made"), result.out)
        try assertSameAsCleanBuild(site, "after editing the added city's picture")
    }

    func testFilesSavedByRenamingAndRenamedFilesAreSeen() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // An editor that writes a new file and renames it over the old one.
        let madrid = site.root.appending(path: "content/cities/madrid.md")
        let text = try String(contentsOf: madrid, encoding: .utf8).replacingOccurrences(of: "name: Madrid", with: "name: Madrid Centro")
        let temporary = site.root.appending(path: "content/cities/.madrid.md.swp")
        try Data(text.utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, madrid.path), 0)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("cities/index.html")!.contains("Madrid Centro"))
        try assertSameAsCleanBuild(site, "after a save by rename")

        // A file renamed: its old page goes, its new one comes.
        let osaka = site.root.appending(path: "content/cities/osaka.md")
        XCTAssertEqual(rename(osaka.path, site.root.appending(path: "content/cities/osaka-city.md").path), 0)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("cities/osaka.html"))
        XCTAssertTrue(site.exists("cities/osaka-city.html"))
        try assertSameAsCleanBuild(site, "after a file was renamed")

        // A file others link to, renamed: the links are errors, as in a build from scratch.
        XCTAssertEqual(rename(madrid.path, site.root.appending(path: "content/cities/madrid-centro.md").path), 0)
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/spain.md:10:20: link to a missing page \"../cities/madrid.md\""), result.err)
    }

    func testRandomEditsAlwaysGiveWhatACleanBuildGives() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try randomEdits(site) { site.build() }
    }

    /// The same edits built as `serve` builds, keeping the manifest's parts from one build to
    /// the next (`PartMemory`): only the parts new since are read and decoded.
    func testRandomEditsWithTheManifestsPartsKeptInMemoryGiveWhatACleanBuildGives() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        var options = BuildOptions(source: site.root)
        let memory = PartMemory()
        options.partMemory = memory
        try randomEdits(site) {
            do throws(DiagnosticList) {
                let summary = try SiteBuild.run(options)
                return (0, summary.description, "")
            } catch {
                return (1, "", error.diagnostics.map(\.description).joined(separator: "\n"))
            }
        }
        XCTAssertGreaterThan(memory.count, 0, "the parts of the last manifest are kept")
    }

    private func randomEdits(_ site: FixtureSite, build: () -> (status: Int32, out: String, err: String)) throws {
        try copyDefaultTheme(into: site)
        // Lists in pages of two, so that edits move cities across the City Guide's pages.
        try site.write("gazetteer.yaml", "title: Test Guide\npage_size: 2\nbase_url: https://example.org/\n")
        XCTAssertEqual(build().status, 0)
        var random = SeededRandom(seed: 2024)
        let countries = ["spain", "japan", "turkey"]
        var cities = ["osaka"]  // Madrid is linked to by Spain: it stays.
        var added = 0
        func cityFile(_ slug: String) -> String { "content/cities/\(slug).md" }
        for step in 0..<24 {
            var did = ""
            switch random.next(9) {
            case 0 where !cities.isEmpty:
                let city = cities[random.next(cities.count)]
                try append("\nMore about \(city), step \(step).\n", to: cityFile(city), in: site)
                did = "body of \(city)"
            case 1 where !cities.isEmpty:
                let city = cities[random.next(cities.count)]
                let country = countries[random.next(countries.count)]
                try site.write(cityFile(city), "---\nname: \(city.capitalized) \(step)\ncountry: \(country)\n---\n\nA city.\n")
                did = "front matter of \(city)"
            case 2:
                added += 1
                let city = "town-\(added)"
                let picture = random.next(2) == 0 ? "picture: pictures/\(city).svg\n" : ""
                if !picture.isEmpty {
                    try site.write("content/cities/pictures/\(city).svg", FixtureSite.flag("#\(100_000 + step)", width: 640, height: 480))
                }
                try site.write(cityFile(city), "---\nname: Town \(added)\ncountry: \(countries[random.next(3)])\n\(picture)---\n")
                cities.append(city)
                did = "new \(city)"
            case 3 where !cities.isEmpty:
                let city = cities.remove(at: random.next(cities.count))
                try site.remove(cityFile(city))
                did = "deleted \(city)"
            case 4:
                let country = countries[random.next(countries.count)]
                try site.write("content/countries/flags/\(country).svg", FixtureSite.flag("#\(200_000 + step)", width: 300 + step, height: 200))
                did = "flag of \(country)"
            case 5 where !cities.isEmpty:
                let index = random.next(cities.count)
                let renamed = "\(cities[index])-\(step)"
                XCTAssertEqual(rename(site.root.appending(path: cityFile(cities[index])).path, site.root.appending(path: cityFile(renamed)).path), 0)
                cities[index] = renamed
                did = "renamed to \(renamed)"
            case 6:
                let template = ["city", "cities", "country", "index", "partials/img"][random.next(5)]
                try append("<!-- step \(step) -->", to: "templates/\(template).mustache", in: site)
                did = "template \(template)"
            case 7:
                let path = random.next(2) == 0 ? "content/countries/japan.md" : "content/cities/madrid.md"
                let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
                try site.write(path, text)
                did = "same bytes written to \(path)"
            default:
                try append("\nSee [Madrid](../cities/madrid.md), step \(step).\n", to: "content/countries/turkey.md", in: site)
                did = "a link from Turkey"
            }
            let result = build()
            XCTAssertEqual(result.status, 0, "step \(step), \(did): \(result.err)")
            try assertSameAsCleanBuild(site, "step \(step), \(did)")
        }
    }

    /// Bodies saved as editors and edit mode save them (a new file renamed over the old one,
    /// so that the folder changes), in a guide with places, dates and credits, mixed with
    /// cities added, removed, and one removed while another is added in the same build, and
    /// a picture put beside the content files: each gives a clean build's output, and a body
    /// saved so renders only what shows it.
    func testBodiesSavedByRenameAmongAddedAndRemovedCitiesGiveWhatACleanBuildGives() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\npage_size: 2\nbase_url: https://example.org/\n"
        for (n, slug) in ["kyoto", "nara", "kobe"].enumerated() {
            files["content/cities/\(slug).md"] = "---\nname: \(slug.capitalized)\ncountry: japan\nposition: 34.\(n + 1), 135.\(n + 5)\n"
                + "date: 2024-0\(n + 1)-01\npicture_credit: Photo \(n)\n---\n\nAbout \(slug).\n"
        }
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        func saveByRename(_ path: String, _ text: String) throws {
            let temporary = site.root.appending(path: (path as NSString).deletingLastPathComponent + "/.save.tmp")
            try Data(text.utf8).write(to: temporary)
            XCTAssertEqual(rename(temporary.path, site.root.appending(path: path).path), 0)
        }
        func text(_ path: String) throws -> String { try String(contentsOf: site.root.appending(path: path), encoding: .utf8) }
        let before = stamps(site.output)
        try saveByRename("content/cities/nara.md", try text("content/cities/nara.md") + "\nDeer in the park.\n")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(changed(before, stamps(site.output)), ["cities/nara.html", "cities/nara.json", "feed.xml", "feed.json"],
                       "its page, its record and the feeds, which hold the newest entries' text")
        try assertSameAsCleanBuild(site, "after a body saved by rename")
        var random = SeededRandom(seed: 29)
        var cities = ["kyoto", "nara", "kobe", "osaka"]
        for step in 0..<16 {
            var did = ""
            switch random.next(5) {
            case 0, 1:
                let city = cities[random.next(cities.count)]
                try saveByRename("content/cities/\(city).md", try text("content/cities/\(city).md") + "\nStep \(step).\n")
                did = "body of \(city) saved by rename"
            case 2:
                let city = "town-\(step)"
                try site.write("content/cities/\(city).md", "---\nname: Town \(step)\ncountry: japan\nposition: 35.\(step), 136.1\n---\n\nNew.\n")
                cities.append(city)
                did = "\(city) added"
            case 3 where cities.count > 2:
                let gone = cities.remove(at: random.next(cities.count))
                try site.remove("content/cities/\(gone).md")
                let city = "village-\(step)"
                try site.write("content/cities/\(city).md", "---\nname: Village \(step)\ncountry: spain\n---\n\nSmall.\n")
                cities.append(city)
                did = "\(gone) removed and \(city) added"
            default:
                try site.write("content/cities/stray-\(step).svg", FixtureSite.flag("#\(300_000 + step)", width: 64, height: 48))
                let city = cities[random.next(cities.count)]
                try saveByRename("content/cities/\(city).md", try text("content/cities/\(city).md") + "\nAnd \(step).\n")
                did = "a picture beside the content files, and the body of \(city)"
            }
            let result = site.build()
            XCTAssertEqual(result.status, 0, "step \(step), \(did): \(result.err)")
            try assertSameAsCleanBuild(site, "step \(step), \(did)")
        }
    }

    func testFailedIncrementalBuildLeavesThePreviousOutputUntouched() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = stamps(site.output)
        let bytes = snapshot(site.output)
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spian\n---\n")
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build().status, 1)
        XCTAssertEqual(stamps(site.output), before)
        XCTAssertEqual(snapshot(site.output), bytes)

        // Once fixed, the build catches up with both changes.
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("cities/osaka.html"))
        try assertSameAsCleanBuild(site, "after a failed build")
    }

    func testAFailedBuildLeavesNoStagingFolder() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/countries/flags/japan.svg", "not a picture")
        try append("\nMore.\n", to: "content/countries/japan.md", in: site)
        XCTAssertEqual(site.build().status, 1)
        try copyDefaultTheme(into: site)
        try site.write("templates/city.mustache", "{{#city}}")
        XCTAssertEqual(site.build().status, 1)
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        XCTAssertEqual(beside.filter { $0.contains("staging") }, [])
    }

    func testOutputChangedByHandIsRepairedAndAFileAddedIsKept() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try FileManager.default.removeItem(at: site.output.appending(path: "cities/madrid.html"))
        try Data("stray".utf8).write(to: site.output.appending(path: "countries/stray.html"))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.read("countries/stray.html"), "stray", "a file the build did not write is kept")
        try FileManager.default.removeItem(at: site.output.appending(path: "countries/stray.html"))
        try assertSameAsCleanBuild(site, "after files were removed and added by hand")
    }

    func testADamagedOrOlderManifestGivesAFullBuildAndSaysSo() throws {
        let damages: [(String, String, (inout [UInt8]) -> Void)] = [
            ("cut short", "damaged or cut short", { $0.removeLast($0.count / 3) }),
            ("cut short in its watch", "damaged or cut short", { $0.removeLast($0.count - 40) }),
            ("with a bit flipped", "damaged or cut short", { $0[$0.count / 2] ^= 0x10 }),
            ("with a bit flipped in its watch", "damaged or cut short", { $0[60] ^= 0x01 }),
            ("from an older version", "written by another version of gazetteer", { $0[25] = 4 }),
        ]
        for (name, why, damage) in damages {
            let site = try FixtureSite()
            defer { site.delete() }
            XCTAssertEqual(site.build().status, 0)
            let manifest = site.root.appending(path: ".gazetteer-cache/manifest.bin")
            var bytes = [UInt8](try Data(contentsOf: manifest))
            damage(&bytes)
            try Data(bytes).write(to: manifest)
            try append("\nMore.\n", to: "content/cities/madrid.md", in: site)
            let result = site.build()
            XCTAssertEqual(result.status, 0, "\(name): \(result.err)")
            let lines = result.out.split(separator: "\n")
            XCTAssertEqual(lines.filter { $0.contains("manifest") }.count, 1, "\(name): \(result.out)")
            XCTAssertTrue(result.out.contains("is \(why): building everything"), "\(name): \(result.out)")
            XCTAssertTrue(result.out.contains("(28 rendered"), "\(name): \(result.out)")
            try assertSameAsCleanBuild(site, "after a manifest \(name)")
            // The next build has a good manifest again, and nothing to do.
            XCTAssertTrue(site.build().out.hasPrefix("Built 12 pages and 16 data files (0 rendered, 0 files written)"))
        }
    }

    func testLosingTheCacheOrTheManifestStillGivesTheSameOutput() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache/manifest.bin"))
        XCTAssertEqual(site.build().status, 0)
        try assertSameAsCleanBuild(site, "without the manifest")
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        try append("\nMore.\n", to: "content/countries/spain.md", in: site)
        XCTAssertEqual(site.build().status, 0)
        try assertSameAsCleanBuild(site, "without the cache")
    }
}

/// A small deterministic generator, so that the random edits are the same on every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number from 0 to `bound` - 1.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
