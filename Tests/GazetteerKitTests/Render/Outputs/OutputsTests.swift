import XCTest
@testable import Render

/// The list of outputs: one output per kind of file, and the templates a theme must have.
final class OutputsTests: XCTestCase {
    func testEveryKindOfFileHasOneOutput() {
        let kinds = Outputs.all.map(\.kind)
        XCTAssertEqual(Set(kinds).count, kinds.count, "two outputs make files of one kind: \(kinds.map(\.rawValue))")
        XCTAssertFalse(Outputs.output(.sitemap).listed, "the sitemap does not list itself")
        XCTAssertFalse(Outputs.output(.notFound).listed, "the 404 page is not in the sitemap")
        XCTAssertFalse(Outputs.output(.redirect).listed, "old addresses are not in the sitemap")
        XCTAssertTrue(Outputs.output(.city).listed)
    }

    func testAThemeMustHaveTheTemplatesOfTheOutputsAlwaysMade() {
        XCTAssertEqual(Set(Outputs.requiredTemplates), ["layout", "index", "country", "city", "page", "cities", "flags", "404", "redirect"],
                       "the continent pages are made only when the theme has their templates")
    }
}
