import Foundation
import XCTest
@testable import GazetteerKit

/// The guide as data, built whole: every data file validates against the schema it names,
/// the CSV reads back as the JSON's rows, hostile text comes back exactly, pages link their
/// data, and `data:` turns it off.
final class DataFilesTests: XCTestCase {
    private func exampleOutput() throws -> URL {
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-data-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: ExampleGuideTests.repository, output: output))
        return output
    }

    private func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], url.path)
    }

    /// Every JSON data file of `output` against the schema its `$schema` names (resolved
    /// from the file, as an app would).
    private func assertValid(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        var validator = SchemaValidator(folder: output.appending(path: "data/schema"))
        var checked = 0
        for folder in ["countries", "cities", "data"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: output.appending(path: folder).path).filter { $0.hasSuffix(".json") }
            for name in names.sorted() {
                let url = output.appending(path: "\(folder)/\(name)")
                let value = try json(url)
                let schema = try XCTUnwrap(value["$schema"] as? String, "\(folder)/\(name) names its schema", file: file, line: line)
                let schemaURL = URL(fileURLWithPath: schema, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
                XCTAssertEqual(schemaURL.deletingLastPathComponent().path, output.appending(path: "data/schema").standardizedFileURL.path)
                let problems = try validator.problems(of: value, against: schemaURL.lastPathComponent)
                XCTAssertEqual(problems, [], "\(folder)/\(name)", file: file, line: line)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4, file: file, line: line)
    }

    func testTheExampleGuidesDataFilesValidateAgainstTheirSchema() throws {
        let output = try exampleOutput()
        try assertValid(output)
        let france = try json(output.appending(path: "countries/france.json"))
        XCTAssertEqual(france["url"] as? String, "france.html")
        XCTAssertFalse((france["text"] as? String ?? "").contains("<"), "the plain text has no markup")
        XCTAssertFalse((france["cities"] as? [Any] ?? []).isEmpty, "France has its cities")
        let sizes = ((france["flag"] as? [String: Any])?["thumbnails"] as? [String: Any])?["large"] as? [[String: Any]]
        let first = try XCTUnwrap(sizes?.first)
        XCTAssertNotNil(first["width"] as? Int)
        let image = try XCTUnwrap(first["url"] as? String)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appending(path: "countries/" + image).standardizedFileURL.path), image)
    }

    func testAFixtureGuidesDataFilesValidateAgainstTheirSchema() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try assertValid(site.output)
    }

    /// How the documented CSV rules make a cell of a JSON row's value (written again here,
    /// from docs/templates.md, rather than taken from the code under test).
    private func cell(_ value: Any?) throws -> String {
        switch value {
        case nil, is NSNull: return ""
        case let text as String: return text
        case let list as [Any]: return try list.map(cell).joined(separator: "; ")
        case let object as [String: Any]:
            if let slug = object["slug"] as? String { return slug }
            if object["placeholder"] != nil { return try cell(object["file"]) }
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        case let number as NSNumber:
            if String(describing: type(of: number)).contains("Boolean") { return number.boolValue ? "true" : "false" }
            return String(describing: number)
        default: return "\(value!)"
        }
    }

    /// A CSV column's value in a JSON row (from docs/templates.md): its field, or for
    /// `flag_credit`, `picture_caption` and the like, that field of the flag or picture.
    private func field(_ column: String, of record: [String: Any]) throws -> Any? {
        if let value = record[column] { return value }
        let parts = column.split(separator: "_", maxSplits: 1).map(String.init)
        guard parts.count == 2, ["caption", "credit", "license"].contains(parts[1]) else {
            XCTFail("the CSV column \(column) is no field of the JSON row")
            return nil
        }
        return try XCTUnwrap(record[parts[0]] as? [String: Any], column)[parts[1]]
    }

    private func assertCSVMatchesJSON(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        for (kind, key) in [("countries", "countries"), ("cities", "cities")] {
            let rows = try CSVReader.rows(Array(Data(contentsOf: output.appending(path: "data/\(kind).csv"))))
            let records = try XCTUnwrap(json(output.appending(path: "data/\(kind).json"))[key] as? [[String: Any]])
            let header = try XCTUnwrap(rows.first)
            XCTAssertEqual(rows.count - 1, records.count, kind, file: file, line: line)
            for (row, record) in zip(rows.dropFirst(), records) {
                XCTAssertEqual(row.count, header.count, file: file, line: line)
                for (column, text) in zip(header, row) {
                    let value = column.hasPrefix("extra.")
                        ? (record["extra"] as? [String: Any])?[String(column.dropFirst("extra.".count))] : try field(column, of: record)
                    XCTAssertEqual(Array(text.unicodeScalars), Array(try cell(value).unicodeScalars), "\(kind) \(column)", file: file, line: line)
                }
            }
        }
    }

    func testTheExampleGuidesCSVReadsBackAsTheRowsOfItsJSON() throws {
        try assertCSVMatchesJSON(try exampleOutput())
    }

    static let hostile = JSONWriterTests.hostile.filter { !$0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F } }

    /// Names, mottoes and extras full of quotes, backslashes, `</script>`, emoji,
    /// right-to-left text and combining marks come back from the JSON and the CSV exactly.
    func testHostileTextRoundTripsThroughEveryDataFile() throws {
        var files = FixtureSite.good
        func yaml(_ text: String) -> String {
            "\"" + text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "\n": return "\\n"
                case "\t": return "\\t"
                case "\u{2028}": return "\\L"
                case "\u{2029}": return "\\P"
                case "\u{FEFF}": return "\\uFEFF"
                default: return String(scalar)
                }
            }.joined() + "\""
        }
        let texts = Self.hostile.filter { !$0.isEmpty }
        files["content/countries/spain.md"] = """
            ---
            name: \(yaml(texts[3]))
            motto: \(yaml(texts.joined(separator: " | ")))
            continents: [Europe]
            flag: flags/spain.svg
            \(texts.enumerated().map { "x\($0.offset): \(yaml($0.element))" }.joined(separator: "\n"))
            population: 007
            founded: 1492-01-02
            ---

            Body with `</script>`, 5 < 6 & 7 > 2, \\\\ and 👩🏽‍💻 and القاهرة.
            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        try assertValid(site.output)
        try assertCSVMatchesJSON(site.output)
        let record = try json(site.output.appending(path: "countries/spain.json"))
        XCTAssertEqual(Array((record["name"] as? String ?? "").unicodeScalars), Array(texts[3].unicodeScalars))
        XCTAssertEqual(Array((record["motto"] as? String ?? "").unicodeScalars), Array(texts.joined(separator: " | ").unicodeScalars))
        let extra = try XCTUnwrap(record["extra"] as? [String: Any])
        for (index, text) in texts.enumerated() {
            XCTAssertEqual(Array((extra["x\(index)"] as? String ?? "-").unicodeScalars), Array(text.unicodeScalars), "x\(index)")
        }
        XCTAssertEqual(extra["population"] as? Int, 7)
        XCTAssertEqual(extra["founded"] as? String, "1492-01-02")
        let text = record["text"] as? String ?? ""
        XCTAssertTrue(text.contains("Body with </script>, 5 < 6 & 7 > 2, \\ and 👩🏽‍💻 and القاهرة."), text)
        XCTAssertTrue((record["html"] as? String ?? "").contains("<code>&lt;/script&gt;</code>"))
        let bytes = try String(contentsOf: site.output.appending(path: "countries/spain.json"), encoding: .utf8)
        XCTAssertFalse(bytes.contains("</script>"), "safe inside a <script> element")
        let rows = try CSVReader.rows(Array(Data(contentsOf: site.output.appending(path: "data/countries.csv"))))
        let column = try XCTUnwrap(rows[0].firstIndex(of: "motto"))
        XCTAssertTrue(rows.contains { Array($0[column].unicodeScalars) == Array(texts.joined(separator: " | ").unicodeScalars) })
    }

    /// Pages link their data with relative addresses that resolve to the files.
    func testPagesLinkTheirRecordsAndTheIndexTheCollections() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let index = try XCTUnwrap(site.read("index.html"))
        for link in [
            "<link rel=\"alternate\" type=\"application/json\" href=\"data/countries.json\"",
            "<link rel=\"alternate\" type=\"application/json\" href=\"data/cities.json\"",
            "<link rel=\"alternate\" type=\"text/csv\" href=\"data/countries.csv\"",
            "<link rel=\"alternate\" type=\"text/csv\" href=\"data/cities.csv\"",
            "<link rel=\"describedby\" href=\"data/schema/countries.json\">",
            "<link rel=\"describedby\" href=\"data/schema/cities.json\">",
        ] { XCTAssertTrue(index.contains(link), link) }
        XCTAssertTrue(site.read("countries/spain.html")?.contains("<link rel=\"alternate\" type=\"application/json\" href=\"spain.json\">") == true)
        XCTAssertTrue(site.read("cities/osaka.html")?.contains("<link rel=\"alternate\" type=\"application/json\" href=\"osaka.json\">") == true)
        for path in ["data/countries.json", "data/cities.csv", "data/schema/country.json", "countries/spain.json", "cities/osaka.json"] {
            XCTAssertTrue(site.exists(path), path)
        }
        let csv = try XCTUnwrap(site.read("data/cities.csv"))
        XCTAssertTrue(csv.hasPrefix("kind,slug,name,country,aliases,url,record,picture,picture_caption,picture_credit,picture_license\r\n"), csv)
    }

    /// A picture's caption, credit and licence are columns of the CSV beside the picture,
    /// as a spreadsheet shows them; empty where the front matter gives none.
    func testTheCSVHasThePicturesCredits() throws {
        var files = FixtureSite.good
        files["content/countries/spain.md"] = files["content/countries/spain.md"]!.replacingOccurrences(
            of: "\nname: ", with: "\nflag_credit: Wikimedia Commons\nflag_license: Public domain\nname: ")
        files["content/cities/madrid.md"] = files["content/cities/madrid.md"]!.replacingOccurrences(
            of: "\nname: ", with: "\npicture_caption: \"The Gran Vía, at dusk\"\npicture_credit: Jane Doe\npicture_license: CC BY 4.0\nname: ")
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        func table(_ name: String) throws -> [[String: String]] {
            let rows = try CSVReader.rows(Array(Data(contentsOf: site.output.appending(path: "data/\(name).csv"))))
            return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(rows[0], $0).map { ($0, $1) }) }
        }
        let madrid = try XCTUnwrap(try table("cities").first { $0["slug"] == "madrid" })
        XCTAssertEqual(madrid["picture_caption"], "The Gran Vía, at dusk")
        XCTAssertEqual(madrid["picture_credit"], "Jane Doe")
        XCTAssertEqual(madrid["picture_license"], "CC BY 4.0")
        let spain = try XCTUnwrap(try table("countries").first { $0["slug"] == "spain" })
        XCTAssertEqual(spain["flag_caption"], "")
        XCTAssertEqual(spain["flag_credit"], "Wikimedia Commons")
        XCTAssertEqual(spain["flag_license"], "Public domain")
        XCTAssertEqual(try table("cities").first { $0["slug"] == "osaka" }?["picture_credit"], "")
        try assertCSVMatchesJSON(site.output)
    }

    func testDataFalseLeavesThemOutAndEachKindCanBeTurnedOff() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\ndata: false\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("data"))
        XCTAssertFalse(site.exists("countries/spain.json"))
        XCTAssertFalse(site.read("index.html")?.contains("application/json") ?? true)
        XCTAssertFalse(site.read("countries/spain.html")?.contains("application/json") ?? true)

        try site.write("gazetteer.yaml", "title: Test Guide\ndata: {csv: false}\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("countries/spain.json"))
        XCTAssertTrue(site.exists("data/countries.json"))
        XCTAssertFalse(site.exists("data/countries.csv"))
        XCTAssertFalse(site.read("index.html")?.contains("text/csv") ?? true)
    }

    /// The collections are joined from rows kept between builds: after a city is renamed,
    /// added or removed they are what a clean build makes, and a damaged file of kept rows
    /// is only a reason to make every row again.
    func testTheCollectionsAfterEditsAreWhatACleanBuildMakes() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let kept = site.root.appending(path: ".gazetteer-cache/data-rows")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: kept.path).sorted(),
                       ["data_cities.csv.bin", "data_cities.geojson.bin", "data_cities.json.bin", "data_countries.csv.bin", "data_countries.json.bin"])
        try site.write("content/cities/osaka.md", "---\nname: Ōsaka \"大阪\", Kansai\ncountry: japan\nfounded: 645\n---\n\nRenamed.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("data/cities.csv")?.contains("\"Ōsaka \"\"大阪\"\", Kansai\"") == true)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "a city renamed")
        try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\n---\n\nAdded.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("data/countries.json")?.contains("\"slug\":\"kyoto\"") == true)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "a city added")
        for name in try FileManager.default.contentsOfDirectory(atPath: kept.path) {
            try Data("GZROWS1 not rows".utf8).write(to: kept.appending(path: name))
        }
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.read("data/cities.json")?.contains("osaka") ?? true)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "a city removed, the kept rows damaged")
    }
}
