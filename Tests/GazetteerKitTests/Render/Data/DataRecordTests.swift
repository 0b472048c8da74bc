import Foundation
import XCTest
@testable import Render
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images
import Model

/// A country's and a city's record, its row in a collection and the CSV: every front matter
/// value, addresses relative to the file, thumbnails with their sizes, and the links both ways.
final class DataRecordTests: XCTestCase {
    private func entry(_ kind: ContentKind, _ slug: String, name: String, extra yaml: String = "{}", image: String = "flags/fr.svg",
                       country: String? = nil) throws -> ContentEntry {
        let root = try YAMLParser.parse(yaml, path: "x.md")
        guard case .mapping(let extra) = root.value else { throw CSVReader.Malformed(description: "extras must be a mapping") }
        let path = "\(kind.folder)/\(slug).md"
        return ContentEntry(
            kind: kind, path: path, digest: Digest(of: []), frontMatterDigest: Digest(of: []), name: name,
            officialName: kind == .country ? "République française" : nil, capital: kind == .country ? "Paris" : nil,
            aliases: ["Hexagone"], continents: kind == .country ? ["Europe"] : [], country: country,
            image: ImageSource(path: "/site/content/\(image)", written: image, location: SourceLocation(path: path)),
            extra: extra, links: [], bodyImages: [], bodyImageFiles: [])
    }

    private func plan(_ stem: String, width: Int, height: Int) -> ThumbnailPlan {
        ThumbnailPlan(
            request: ThumbnailRequest(source: URL(fileURLWithPath: "/x"), spec: ThumbnailSpec(width: width, height: height, mode: .fit), stem: stem),
            sourceWidth: 900, sourceHeight: 600,
            images: [PlannedImage(scale: 1, fileName: "\(stem).1.png", width: width, height: height),
                     PlannedImage(scale: 2, fileName: "\(stem).2.png", width: width * 2, height: height * 2)],
            limitedBySource: false, sourceDigest: String(repeating: "0", count: 64))
    }

    private func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func testACountryRecordHoldsItsFieldsItsCitiesAndAddressesFromBesideItsPage() throws {
        let france = try entry(.country, "france", name: "France", extra: "population: 68000000\ndemonym: French\nfounded: 843-08-10")
        let paris = try entry(.city, "paris", name: "Paris", image: "pictures/paris.jpg", country: "france")
        let record = DataRecord(entry: france, thumbnails: ["large": plan("fr", width: 360, height: 240)],
                                html: "<p>Hello</p>", text: "Hello", linked: [paris])
        XCTAssertEqual(DataPaths.record(france), "countries/france.json")
        let value = try json(record.file)
        XCTAssertEqual(value["$schema"] as? String, "../data/schema/country.json")
        XCTAssertEqual(value["url"] as? String, "france.html")
        XCTAssertEqual(value["official_name"] as? String, "République française")
        XCTAssertTrue(value["motto"] is NSNull)
        XCTAssertEqual(value["continents"] as? [String], ["Europe"])
        let extra = try XCTUnwrap(value["extra"] as? [String: Any])
        XCTAssertEqual(extra["population"] as? Int, 68_000_000)
        XCTAssertEqual(extra["founded"] as? String, "843-08-10")
        XCTAssertEqual(value["html"] as? String, "<p>Hello</p>")
        XCTAssertEqual(value["text"] as? String, "Hello")
        let flag = try XCTUnwrap(value["flag"] as? [String: Any])
        XCTAssertEqual(flag["file"] as? String, "flags/fr.svg")
        let large = try XCTUnwrap((flag["thumbnails"] as? [String: Any])?["large"] as? [[String: Any]])
        XCTAssertEqual(large.map { $0["url"] as? String }, ["../images/fr.1.png", "../images/fr.2.png"])
        XCTAssertEqual(large.map { $0["width"] as? Int }, [360, 720])
        let cities = try XCTUnwrap(value["cities"] as? [[String: String]])
        XCTAssertEqual(cities, [["slug": "paris", "name": "Paris", "url": "../cities/paris.html", "record": "../cities/paris.json"]])
        XCTAssertNil(value["record"], "a record file does not name itself")
    }

    func testACityRecordLinksItsCountry() throws {
        let france = try entry(.country, "france", name: "France")
        let paris = try entry(.city, "paris", name: "Paris", image: "pictures/paris.jpg", country: "france")
        let value = try json(DataRecord(entry: paris, thumbnails: [:], html: "", text: "", linked: [france]).file)
        XCTAssertEqual(value["kind"] as? String, "city")
        XCTAssertEqual(value["country"] as? [String: String],
                       ["slug": "france", "name": "France", "url": "../countries/france.html", "record": "../countries/france.json"])
        XCTAssertNil(value["cities"])
        XCTAssertNil(value["capital"], "a city has no country's fields")
    }

    /// A collection's rows leave the text out (it is in each record) and name their record.
    func testACollectionNamesItsSchemaAndItsRowsTheirRecords() throws {
        let france = try entry(.country, "france", name: "France")
        let value = try json(DataCollection.json(.country, [DataRecord(entry: france, thumbnails: [:], html: "<p>x</p>", text: "x", linked: [])]))
        XCTAssertEqual(value["$schema"] as? String, "schema/countries.json")
        let row = try XCTUnwrap((value["countries"] as? [[String: Any]])?.first)
        XCTAssertEqual(row["record"] as? String, "../countries/france.json")
        XCTAssertEqual(row["url"] as? String, "../countries/france.html")
        XCTAssertNil(row["html"])
        XCTAssertNil(row["$schema"])
    }

    /// A collection joined from rows encoded one by one is the text of the whole value,
    /// and its CSV's extras are the columns of every row's, each row empty where it has none.
    func testACollectionJoinedFromRowsIsTheTextOfTheWholeValue() throws {
        let france = try entry(.country, "france", name: "France </script> \u{202E}é", extra: "population: 67\ntags: [a, b]")
        let spain = try entry(.country, "spain", name: "Spain", extra: "anthem: \"Marcha, Real\"")
        let records = [DataRecord(entry: france, thumbnails: [:], html: "", text: "", linked: []),
                       DataRecord(entry: spain, thumbnails: [:], html: "", text: "", linked: [])]
        let file = DataPaths.collection(.country)
        let whole = JSONWriter.encode(.object([
            ("$schema", .string("schema/countries.json")),
            ("countries", .array(records.map { $0.value(.row, at: file) })),
        ]))
        XCTAssertEqual(DataCollection.json(.country, rows: records.map { DataCollection.jsonRow($0)[...] }), whole)
        let csv = String(decoding: DataCollection.csv(.country, rows: records.map { record in let (bytes, extras) = DataCollection.csvRow(record); return (bytes[...], extras) }), as: UTF8.self)
        let lines = csv.components(separatedBy: "\r\n")
        XCTAssertTrue(lines[0].hasSuffix(",extra.anthem,extra.population,extra.tags"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix(",,67,a; b"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(",\"Marcha, Real\",,"), lines[2])
        XCTAssertEqual(lines.count, 4, "a line each, and the last one ends in CRLF")
    }

    /// A column per field, extras after them (a key any entry has), lists joined with "; ",
    /// links by slug, a picture by its file.
    func testTheCSVHasAColumnPerFieldAndEveryExtraKey() throws {
        let france = try entry(.country, "france", name: "France", extra: "population: 007\ntags: [wine, \"cheese, soft\"]")
        let spain = try entry(.country, "spain", name: "España \"ES\"", extra: "anthem: Marcha Real")
        let paris = try entry(.city, "paris", name: "Paris", image: "pictures/paris.jpg", country: "france")
        let records = [DataRecord(entry: france, thumbnails: [:], html: "", text: "", linked: [paris]),
                       DataRecord(entry: spain, thumbnails: [:], html: "", text: "", linked: [])]
        let rows = try CSVReader.rows(DataCollection.csv(.country, records))
        XCTAssertEqual(rows[0], DataCollection.columns(.country) + ["extra.anthem", "extra.population", "extra.tags"])
        func cell(_ row: Int, _ column: String) -> String { rows[row][rows[0].firstIndex(of: column)!] }
        XCTAssertEqual(cell(1, "name"), "France")
        XCTAssertEqual(cell(2, "name"), "España \"ES\"")
        XCTAssertEqual(cell(1, "cities"), "paris")
        XCTAssertEqual(cell(1, "flag"), "flags/fr.svg")
        XCTAssertEqual(cell(1, "url"), "../countries/france.html")
        XCTAssertEqual(cell(1, "extra.population"), "7")
        XCTAssertEqual(cell(1, "extra.tags"), "wine; cheese, soft")
        XCTAssertEqual(cell(1, "extra.anthem"), "")
        XCTAssertEqual(cell(2, "extra.anthem"), "Marcha Real")
        // The columns are a row's own fields, and the flag's credit beside the flag.
        guard case .object(let pairs) = records[0].value(.row, at: DataPaths.countriesTable) else { return XCTFail("an object") }
        let credits = ["flag_caption", "flag_credit", "flag_license"]
        XCTAssertEqual(pairs.map(\.0).filter { $0 != "extra" }, DataCollection.columns(.country).filter { !credits.contains($0) })
        XCTAssertEqual(Array(DataCollection.columns(.country).drop { $0 != "flag" }.prefix(4)), ["flag"] + credits)
    }

    /// Both schemas are draft 2020-12 objects whose required fields are fields a record has.
    func testTheSchemasDescribeTheRecords() throws {
        for kind in [ContentKind.country, .city] {
            let schema = try json(JSONWriter.encode(DataSchema.record(kind)))
            XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
            XCTAssertEqual(schema["additionalProperties"] as? Bool, false)
            let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
            let required = try XCTUnwrap(schema["required"] as? [String])
            XCTAssertTrue(Set(required).isSubset(of: properties.keys))
            XCTAssertFalse(required.contains("html"), "collection rows leave the text out")
            let entry = try entry(kind, "x", name: "X", country: kind == .city ? "y" : nil)
            let record = try json(DataRecord(entry: entry, thumbnails: [:], html: "", text: "", linked: []).file)
            XCTAssertTrue(Set(record.keys).isSubset(of: properties.keys), "\(Set(record.keys).subtracting(properties.keys))")
            let collection = try json(JSONWriter.encode(DataSchema.collection(kind)))
            let items = (collection["properties"] as? [String: Any])?[DataSchema.collectionKey(kind)] as? [String: Any]
            XCTAssertEqual((items?["items"] as? [String: String])?["$ref"], kind == .country ? "country.json" : "city.json")
        }
    }
}
