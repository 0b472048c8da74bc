import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// The example guide's pages with maps, opened from disk in headless Chromium: nothing is
/// fetched from the network, no script fails, and every place a map links to is linked in the
/// page's text too.
final class MapBrowserTests: XCTestCase {
    func testPagesWithMapsLoadFromDiskWithoutNetworkOrScriptErrors() throws {
        try requireChromium()
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-map-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: ExampleGuideTests.repository, output: output))
        let page = try ChromiumPage(width: 1280, height: 900)
        // Errors of scripts and of resources that fail to load, caught from the first byte.
        try page.send("Page.addScriptToEvaluateOnNewDocument", ["source": """
            window.__problems = [];
            addEventListener('error', e => __problems.push(e.message || ('failed: ' + (e.target.src || e.target.href))), true);
            addEventListener('unhandledrejection', e => __problems.push('rejection: ' + e.reason));
            """])
        for path in ["index.html", "continents/europe.html", "countries/united-kingdom.html", "countries/malta.html", "cities/paris.html"] {
            try page.open(output.appending(path: path).absoluteString)
            let report = try XCTUnwrap(page.run("""
                JSON.stringify({
                  problems: window.__problems,
                  resources: performance.getEntriesByType('resource').map(r => r.name).concat([location.href]),
                  label: (document.querySelector('.map-drawing') || {getAttribute: () => null}).getAttribute('aria-label'),
                  unlinked: [...document.querySelectorAll('svg.map-drawing a')].map(a => new URL(a.getAttribute('href'), location.href).href)
                    .filter(h => ![...document.querySelectorAll('a')].some(t => !t.closest('svg') && t.href === h)),
                  width: document.querySelector('.map-drawing').getBoundingClientRect().width,
                  height: document.querySelector('.map-drawing').getBoundingClientRect().height
                })
                """) as? String)
            struct Report: Decodable {
                var problems: [String]; var resources: [String]; var label: String?; var unlinked: [String]; var width: Double; var height: Double
            }
            let result = try JSONDecoder().decode(Report.self, from: Data(report.utf8))
            XCTAssertEqual(result.problems, [], path)
            XCTAssertEqual(result.resources.filter { !$0.hasPrefix("file://") }, [], path)
            XCTAssertNotNil(result.label, path)
            XCTAssertEqual(result.unlinked, [], "\(path): map links not in the text")
            XCTAssertGreaterThan(result.width, 200, path)
            XCTAssertGreaterThan(result.height, result.width / 4, "\(path): the map is as tall as it is drawn")
        }
        // The index's world map, a file of its own, is drawn in the theme's colours: its
        // stylesheet loads from disk, so a country of the guide is not filled in SVG's black.
        try page.open(output.appending(path: "maps/world.svg").absoluteString)
        let fills = try XCTUnwrap(page.run("""
            JSON.stringify({
              problems: window.__problems,
              guide: getComputedStyle(document.querySelector('path.guide')).fill,
              land: getComputedStyle(document.querySelector('path.land')).fill,
              target: document.querySelector('a').getAttribute('target')
            })
            """) as? String)
        struct Fills: Decodable { var problems: [String]; var guide: String; var land: String; var target: String? }
        let world = try JSONDecoder().decode(Fills.self, from: Data(fills.utf8))
        XCTAssertEqual(world.problems, [])
        XCTAssertNotEqual(world.guide, "rgb(0, 0, 0)", "the theme's stylesheet styles the world map")
        XCTAssertNotEqual(world.guide, world.land, "the guide's countries stand out from the rest")
        XCTAssertEqual(world.target, "_top", "a country's link opens in the page, not in the map's frame")
    }
}
