import XCTest
@testable import Render

/// A dependency's kind says whether its value is made of the lists or is one entry's, as the
/// sets of kinds name them, and only a list's is recorded in another language.
final class DependencyKindTests: XCTestCase {
    func testTheKindsBitsAreTheSetsOfKinds() {
        for kind in Dependency.Kind.allCases {
            XCTAssertEqual(kind.isLanguageKind, Dependency.languageKinds.contains(kind), "\(kind)")
            XCTAssertEqual(kind.isEntryKind, Dependency.entryKinds.contains(kind), "\(kind)")
        }
        XCTAssertTrue(Dependency.Kind.nearby.isLanguageKind)
        XCTAssertTrue(Dependency.Kind.body.isEntryKind)
        XCTAssertFalse(Dependency.Kind.settings.isLanguageKind || Dependency.Kind.settings.isEntryKind)
    }

    func testOnlyAListIsReadInAnotherLanguage() throws {
        let list = Dependency.cities.inLanguage("fr")
        XCTAssertNotEqual(list, .cities)
        let (code, inner) = try XCTUnwrap(list.language)
        XCTAssertEqual(code, "fr")
        XCTAssertEqual(inner, .cities)
        XCTAssertEqual(Dependency.frontMatter("content/cities/paris.md").inLanguage("fr"), .frontMatter("content/cities/paris.md"))
        XCTAssertNil(Dependency.nearby("content/cities/paris.md").language)
    }
}
