import XCTest
@testable import Render

/// What a page read, as its record keeps it: sorted and each once, whether it was read one by
/// one or as a sorted list whole (a collection's rows' dependencies), and in a page of
/// another language, the lists it read are that language's.
final class PageScopeTests: XCTestCase {
    private let paris = Dependency.frontMatter("content/cities/paris.md")
    private let lyon = Dependency.frontMatter("content/cities/lyon.md")
    private let zurich = Dependency.frontMatter("content/cities/zürich.md")

    func testListsReadWholeAreMergedWithTheRestSortedAndOnce() {
        let scope = PageScope()
        scope.read(.settings)
        scope.read(paris)
        scope.read(sorted: [lyon, paris, .image("content/cities/lyon.md")].sorted())
        scope.read(sorted: [zurich, .settings].sorted())
        XCTAssertEqual(scope.dependencies, [lyon, paris, zurich, .image("content/cities/lyon.md"), .settings].sorted())
        XCTAssertEqual(scope.dependencies.count, 5)
        scope.add(fileNames: ["paris.card.1.webp"])
        scope.add(sortedFileNames: ["lyon.card.1.webp", "paris.card.1.webp"])
        XCTAssertEqual(scope.fileNames, ["lyon.card.1.webp", "paris.card.1.webp"])
    }

    func testAPageInAnotherLanguageReadsThatLanguagesLists() {
        let scope = PageScope(language: "fr")
        scope.read(sorted: [.cities, paris].sorted())
        XCTAssertEqual(scope.dependencies, [Dependency.cities.inLanguage("fr"), paris].sorted())
        XCTAssertNotEqual(Dependency.cities.inLanguage("fr"), .cities)
    }
}
