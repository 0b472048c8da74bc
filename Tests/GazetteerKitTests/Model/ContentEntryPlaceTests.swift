import XCTest
@testable import Diagnostics
@testable import Load
@testable import Images
@testable import Model

/// What an edit that only moves a city leaves as it was: `differsAtMostInPlace` lets the build
/// keep the model's lists (but the nearby ones) when a city moved, so it must tell a move from
/// anything the lists are made of.
final class ContentEntryPlaceTests: XCTestCase {
    private func city(_ name: String = "Kyoto", digest: UInt64 = 1, position: GeoPosition? = GeoPosition(latitude: 35.0, longitude: 135.7),
                      country: String = "japan", aliases: [String] = []) -> ContentEntry {
        let path = "content/cities/kyoto.md"
        let image = ImageSource(path: "/theme/placeholder.svg", written: "placeholder", location: SourceLocation(path: path), isPlaceholder: true)
        return ContentEntry(
            kind: .city, path: path, digest: Digest(a: digest, b: 0, c: 0, d: 0), frontMatterDigest: Digest(a: digest, b: 1, c: 0, d: 0),
            name: name, aliases: aliases, country: country, position: position, image: image, extra: [], links: [], bodyImages: [],
            bodyImageFiles: [])
    }

    func testAMoveOrAnotherDigestIsInPlaceAndANameCountryOrAliasIsNot() {
        let kyoto = city()
        XCTAssertTrue(city(digest: 2, position: GeoPosition(latitude: 35.1, longitude: 135.7)).differsAtMostInPlace(from: kyoto), "moved")
        XCTAssertTrue(city(digest: 3).differsAtMostInPlace(from: kyoto), "a comment in the front matter edited")
        XCTAssertTrue(city(digest: 4, position: nil).differsAtMostInPlace(from: kyoto), "its position taken out")
        XCTAssertFalse(city("Kyōto", digest: 5).differsAtMostInPlace(from: kyoto), "renamed: the lists' order and initials may change")
        XCTAssertFalse(city(digest: 6, country: "china").differsAtMostInPlace(from: kyoto), "another country's city now")
        XCTAssertFalse(city(digest: 7, aliases: ["Heian-kyō"]).differsAtMostInPlace(from: kyoto), "an alias added")
    }

    /// Every stored property of an entry is either compared or named as left out: a property
    /// added to `ContentEntry` fails here until `differsAtMostInPlace` says what to do with it.
    func testEveryStoredPropertyIsComparedOrLeftOutByName() {
        let stored = Set(Mirror(reflecting: city()).children.compactMap(\.label))
        let named = ContentEntry.propertiesInPlaceComparison.union(ContentEntry.propertiesLeftOutOfPlaceComparison)
        XCTAssertEqual(stored, named, "new: \(stored.subtracting(named).sorted()), gone: \(named.subtracting(stored).sorted())")
        XCTAssertTrue(ContentEntry.propertiesInPlaceComparison.isDisjoint(with: ContentEntry.propertiesLeftOutOfPlaceComparison))
    }
}
