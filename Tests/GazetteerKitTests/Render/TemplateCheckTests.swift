import Foundation
import XCTest
@testable import GazetteerKit

/// Templates are checked against what pictures hold: a preset that does not exist is an
/// error at the tag, with the nearest name, instead of pictures that silently vanish.
final class TemplateCheckTests: XCTestCase {
    func testAnUnknownPresetUnderAPictureIsALocatedErrorWithASuggestion() throws {
        var files = FixtureSite.good
        files["templates/city.mustache"] = """
            {{<layout}}{{$main}}{{#city}}<h1>{{name}}</h1>
            {{#picture.cards}}<img src="{{src}}">{{/picture.cards}}
            <p>{{country.flag.tabel.src}}</p>{{/city}}{{/main}}{{/layout}}
            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("templates/city.mustache:2:1: unknown preset \"cards\" under picture (did you mean \"card\"?)"),
                      result.err)
        XCTAssertTrue(result.err.contains("templates/city.mustache:3:4: unknown preset \"tabel\" under flag (did you mean \"table\"?)"),
                      result.err)
    }

    func testKnownKeysPresetsOfTheGuideAndExtraFieldsNamedLikePicturesPass() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test\nthumbnails:\n  banner: {width: 600, height: 200, mode: fill}\n"
        files["templates/city.mustache"] = """
            {{<layout}}{{$main}}{{#city}}{{#picture.banner}}<img src="{{src}}" alt="{{picture.alt}}">{{/picture.banner}}
            {{#picture.placeholder}}none{{/picture.placeholder}}{{#extra.picture.credit}}{{.}}{{/extra.picture.credit}}{{/city}}{{/main}}{{/layout}}
            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(try XCTUnwrap(site.read("cities/madrid.html")).contains("<img src=\"../images/madrid."))
    }
}
