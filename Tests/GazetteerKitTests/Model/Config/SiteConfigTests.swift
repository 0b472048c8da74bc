import Thumbnails
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

/// gazetteer.yaml: defaults, overrides, and every mistake located.
final class SiteConfigTests: XCTestCase {
    private func parse(_ yaml: String) throws -> SiteConfig {
        try SiteConfig.parse(YAMLParser.parse(yaml, path: "gazetteer.yaml"))
    }

    private func errors(_ yaml: String) -> [String] {
        do {
            _ = try parse(yaml)
            return []
        } catch let list as DiagnosticList {
            return list.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    func testDefaultsWhenEmpty() throws {
        let config = try parse("")
        XCTAssertEqual(config.title, "Gazetteer")
        XCTAssertNil(config.baseURL)
        XCTAssertEqual(config.continents.map(\.heading).prefix(6), ["African Flags", "Asian Flags", "Australasian Flags",
                                                                     "European Flags", "North American Flags", "South American Flags"])
        XCTAssertEqual(config.presets["table"]?.width, 115)
        XCTAssertEqual(config.presets["card"]?.mode, .fill(.centre))
        XCTAssertFalse(config.markdown.unsafe)
    }

    func testOverrides() throws {
        let config = try parse("""
            title: Atlas
            base_url: https://example.org/atlas
            continents:
              - {name: Europe, heading: Flags of Europe}
              - name: Asia
            thumbnails:
              table: {width: 200, height: 100, mode: fit, format: webp}
              hero: {width: 800, height: 400, mode: fill-attention, scales: [1, 2, 3]}
            markdown: {unsafe: true}
            """)
        XCTAssertEqual(config.title, "Atlas")
        XCTAssertEqual(config.baseURL, "https://example.org/atlas/")
        XCTAssertEqual(config.continents.map(\.heading), ["Flags of Europe", "Asia Flags"])
        XCTAssertEqual(config.continents.map(\.slug), ["europe", "asia"])
        XCTAssertEqual(config.presets["table"], ThumbnailSpec(width: 200, height: 100, mode: .fit, format: .webp))
        XCTAssertEqual(config.presets["hero"]?.scales, [1, 2, 3])
        XCTAssertEqual(config.presets["hero"]?.mode, .fill(.attention))
        XCTAssertEqual(config.presets["gallery"]?.width, 88, "presets not named keep their defaults")
        XCTAssertTrue(config.markdown.unsafe)
    }

    func testFormatsAreAPresetSetting() throws {
        let config = try parse("""
            thumbnails:
              table: {format: png}
              gallery: {format: webp-lossless}
              large: {format: png-palette}
              card: {format: auto}
            """)
        XCTAssertEqual(config.presets["table"]?.format, .png)
        XCTAssertEqual(config.presets["gallery"]?.format, .webpLossless)
        XCTAssertEqual(config.presets["large"]?.format, .pngPalette)
        XCTAssertNil(config.presets["card"]?.format, "auto: the format follows the picture")
        XCTAssertNil(try parse("").presets["table"]?.format, "auto by default")
        XCTAssertEqual(errors("thumbnails:\n  table: {format: png8}\n"), [
            "gazetteer.yaml:2:19: format must be auto, png-adaptive, png-palette, png, jpeg, webp, webp-lossless, webp-adaptive or avif, not \"png8\" (did you mean \"png\"?)",
        ])
    }

    /// The data files are on unless `data:` turns them off, all at once or each kind.
    func testDataFilesAreOnUnlessTurnedOff() throws {
        XCTAssertEqual(try parse("title: x\n").data, DataSettings(records: true, collections: true, csv: true))
        XCTAssertEqual(try parse("data: false\n").data, DataSettings(records: false, collections: false, csv: false, geojson: false))
        XCTAssertEqual(try parse("data: {geojson: false}\n").data, DataSettings(records: true, collections: true, csv: true, geojson: false))
        XCTAssertEqual(try parse("data: {csv: false}\n").data, DataSettings(records: true, collections: true, csv: false))
        XCTAssertFalse(try parse("data: {records: false, collections: false}\n").data.schemas)
        XCTAssertEqual(errors("data:\n  csvs: false\n"), ["gazetteer.yaml:2:3: unknown data setting \"csvs\" (did you mean \"csv\"?)"])
        XCTAssertEqual(errors("data:\n  csv: no\n"), ["gazetteer.yaml:2:8: data: csv must be true or false"])
        XCTAssertEqual(errors("data: off\n"), [
            "gazetteer.yaml:1:7: data must be true, false or a mapping such as {records: true, collections: true, csv: false, geojson: true}",
        ])
    }

    /// How long the cache keeps a thumbnail no page uses: 7 days unless set.
    func testThumbnailCacheDaysAreSevenUnlessSet() throws {
        XCTAssertEqual(try parse("").thumbnailCacheDays, 7)
        XCTAssertEqual(try parse("thumbnail_cache_days: 0\n").thumbnailCacheDays, 0)
        XCTAssertEqual(errors("thumbnail_cache_days: a week\n"),
                       ["gazetteer.yaml:1:23: thumbnail_cache_days must be a whole number of days from 0 to 36500"])
    }

    func testMistakesAreLocated() {
        XCTAssertEqual(errors("titel: x\n"), ["gazetteer.yaml:1:1: unknown setting \"titel\" (did you mean \"title\"?)"])
        XCTAssertEqual(errors("base_url: example.org\n"), ["gazetteer.yaml:1:11: base_url must start with http:// or https://"])
        XCTAssertEqual(errors("thumbnails:\n  table: {width: 0, height: 75}\n"),
                       ["gazetteer.yaml:2:18: width must be a whole number of pixels from 1 to 4000"])
        XCTAssertEqual(errors("thumbnails:\n  table: {mode: stretch}\n"),
                       ["gazetteer.yaml:2:17: mode must be fit, fill or fill-attention, not \"stretch\""])
        XCTAssertEqual(errors("markdown: {unsafe: yes}\n"), ["gazetteer.yaml:1:20: unsafe must be true or false"])
        XCTAssertEqual(errors("continents:\n  - {name: Asia}\n  - {name: Asia}\n"),
                       ["gazetteer.yaml:3:5: continent \"Asia\" is listed twice"])
    }

    /// A misspelt setting beside the right one says where that one is set: one of the two is
    /// too many (gazetteer.yaml has no extras, so it stays an error).
    func testAMisspeltSettingBesideTheRightOneSaysWhereThatIsSet() {
        XCTAssertEqual(errors("title: Guide\ntitel: Other\n"), [
            "gazetteer.yaml:2:1: unknown setting \"titel\" (it looks like a misspelling of \"title\", which is set on line 1: remove one of them)",
        ])
        XCTAssertEqual(errors("thumbnails:\n  table:\n    width: 100\n    widht: 120\n"), [
            "gazetteer.yaml:4:5: unknown preset setting \"widht\" (it looks like a misspelling of \"width\", which is set on line 3: remove one of them)",
        ])
        XCTAssertEqual(errors("continents:\n  - {name: Asia, haeding: Asian}\n"),
                       ["gazetteer.yaml:2:18: unknown continent setting \"haeding\" (did you mean \"heading\"?)"])
    }

    /// Text settings are taken as written, not as the numbers YAML reads in them.
    func testTextSettingsAreTakenAsWritten() throws {
        XCTAssertEqual(try parse("title: 1.10\n").title, "1.10")
        XCTAssertEqual(try parse("title: 007\n").title, "007")
        XCTAssertEqual(try parse("continents:\n  - {name: 0x10, heading: 1e3}\n").continents.map(\.heading), ["1e3"])
        XCTAssertEqual(try parse("continents:\n  - {name: 0x10}\n").continents.map(\.name), ["0x10"])
    }
}
