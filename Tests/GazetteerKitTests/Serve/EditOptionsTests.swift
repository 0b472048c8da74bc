import Foundation
import XCTest
@testable import GazetteerKit

/// The answer to `api/options` (the forms' choices, the flag and picture pickers) is that of
/// the files as they are once the page has reloaded after a change: a picture uploaded, a city
/// or a country added shows in the picker opened right after, never the choices of before.
final class EditOptionsTests: XCTestCase {
    func testAnUploadedPictureIsInThePickerRightAfterTheReloadAndItsThumbnailOnceACityShowsIt() throws {
        let guide = try EditedGuide()
        try guide.login()
        // The answer of the first build, made and kept.
        XCTAssertEqual(EditedGuide.json(try guide.get("options"))["pictures"] as? [String], ["pictures/madrid.svg"])
        let events = try guide.events()
        let png = LargePNG.solid(width: 40, height: 30, rgb: (20, 120, 10))
        let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug=osaka", headers: ["Content-Type": "image/png"], body: png)
        XCTAssertEqual(EditedGuide.json(upload)["value"] as? String, "pictures/osaka.png", upload.text)
        Self.waitForReload(of: "content/cities/pictures/osaka.png", guide, events)
        var options = EditedGuide.json(try guide.get("options"))
        XCTAssertEqual(options["pictures"] as? [String], ["pictures/madrid.svg", "pictures/osaka.png"])
        var choices = try XCTUnwrap(options["pictureChoices"] as? [[String: Any]])
        XCTAssertEqual(choices.map { $0["name"] as? String }, ["madrid.svg", "osaka.png"])
        XCTAssertTrue(choices[1]["thumb"] is NSNull, "no city shows it yet: \(choices)")

        let save = try guide.post("save", ["kind": "city", "slug": "osaka", "digest": try guide.digest("city", "osaka"),
                                           "fields": ["picture": "pictures/osaka.png"]])
        XCTAssertEqual(save.status, 200, save.text)
        Self.waitForReload(of: "content/cities/osaka.md", guide, events)
        options = EditedGuide.json(try guide.get("options"))
        choices = try XCTUnwrap(options["pictureChoices"] as? [[String: Any]])
        let thumb = try XCTUnwrap(choices.last?["thumb"] as? String, "Osaka shows it now: \(choices)\n" + guide.box.out + guide.box.err)
        XCTAssertEqual(try guide.send("GET", thumb).status, 200, thumb)
        XCTAssertNotNil(choices.first?["thumb"] as? String, "Madrid's, reused: \(choices)")
    }

    func testTheFirstAnswerAfterARestartIsMadeWithoutReadingAPicture() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = EditedGuide.json(try guide.get("options"))
        guide.session.stop()
        // A server started again over the same guide: its first build renders nothing, and gives
        // up the last build's thumbnail plans before it ends; the picker's answer is made ahead.
        let again = ServeSession(options: BuildOptions(source: guide.site.root), port: 0,
                                 output: TextOutput(print: { _ in }, error: { _ in }), edit: true)
        _ = try again.start()
        defer { again.stop() }
        let edit = try XCTUnwrap(again.edit)
        let basis = try XCTUnwrap(edit.basis.current)
        let answer = (try JSONSerialization.jsonObject(with: Data(basis.options { edit.optionsMaker.json(basis, paths: edit.paths) })))
            as? [String: Any] ?? [:]
        for key in ["flags", "pictureChoices"] {
            XCTAssertEqual(try JSONSerialization.data(withJSONObject: answer[key] ?? NSNull(), options: .sortedKeys),
                           try JSONSerialization.data(withJSONObject: before[key] ?? NSNull(), options: .sortedKeys), key)
        }
        XCTAssertNotNil((answer["pictureChoices"] as? [[String: Any]])?.first?["thumb"] as? String, "Madrid's thumbnail")
        XCTAssertEqual(basis.planner.plans.count, 0, "no picture was planned again, so none was read")
    }

    /// Waits for the reload of the rebuild that `path`'s change started (the serve loop's builds
    /// run one at a time: once it says "Changed: path", the builds before are counted).
    static func waitForReload(of path: String, _ guide: EditedGuide, _ events: RawHTTPClient) {
        let deadline = Date().addingTimeInterval(30)
        while !guide.box.out.contains("Changed: " + path), Date() < deadline { usleep(10_000) }
        let before = guide.session.buildCount
        while guide.session.buildCount <= before {
            guard events.read(until: "event: reload").contains("event: reload") else { return XCTFail("no reload after \(path)") }
        }
    }

    func testACountryOrACityAddedIsInTheFormsAndPickersRightAfterTheReload() throws {
        let guide = try EditedGuide()
        try guide.login()
        _ = try guide.get("options")
        let events = try guide.events()
        let made = try guide.post("create", ["kind": "country", "slug": "peru", "body": "",
                                             "fields": ["name": "Peru", "capital": "Lima", "continent": "Europe", "flag": "flags/spain.svg"]])
        XCTAssertEqual(made.status, 200, made.text)
        Self.waitForReload(of: "content/countries/peru.md", guide, events)
        let options = EditedGuide.json(try guide.get("options"))
        XCTAssertEqual((options["countries"] as? [[String: String]])?.map { $0["slug"] }, ["japan", "peru", "spain", "turkey"],
                       guide.box.out + guide.box.err)
        let flags = try XCTUnwrap(options["flags"] as? [[String: Any]])
        let europe = try XCTUnwrap(flags.first { $0["heading"] as? String == "European Flags" }?["countries"] as? [[String: Any]])
        let peru = try XCTUnwrap(europe.first { $0["slug"] as? String == "peru" }, "\(europe)")
        XCTAssertEqual(peru["flag"] as? String, "flags/spain.svg")
        XCTAssertNotNil(peru["thumb"] as? String, "the gallery's thumbnail of its flag")
        // Its form opens at once, and a city can be given to it.
        XCTAssertEqual(try guide.get("entry?kind=country&slug=peru").status, 200)
        let city = try guide.post("create", ["kind": "city", "slug": "lima", "body": "",
                                             "fields": ["name": "Lima", "country": "peru", "picture": "pictures/madrid.svg"]])
        XCTAssertEqual(city.status, 200, city.text)
        Self.waitForReload(of: "content/cities/lima.md", guide, events)
        XCTAssertEqual(try guide.get("entry?kind=city&slug=lima").status, 200)
    }

    func testThePickersJSONIsTheGuidesNamesWhateverTheyHold() throws {
        for text in ["plain", "a \"quoted\" name", "back\\slash", "tab\tand\nline", "\u{1}\u{1F}\u{7F}", "São Paulo 東京 🏙", "/slash/"] {
            var json: [UInt8] = []
            EditOptions.string(text, into: &json)
            let parsed = try JSONSerialization.jsonObject(with: Data(json), options: [.fragmentsAllowed]) as? String
            XCTAssertEqual(parsed, text, String(decoding: json, as: UTF8.self))
        }
        var json: [UInt8] = []
        EditOptions.string("a/b", into: &json)
        XCTAssertEqual(String(decoding: json, as: UTF8.self), "\"a/b\"", "slashes as they are, as the other answers write them")
    }

    func testPictureNamesWithQuotesOrOtherScriptsComeThroughTheAnswer() throws {
        var files = FixtureSite.good
        files["content/cities/pictures/plaza \"mayor\".svg"] = FixtureSite.flag("#010203")
        files["content/cities/pictures/東京.svg"] = FixtureSite.flag("#040506")
        let guide = try EditedGuide(files)
        try guide.login()
        let options = EditedGuide.json(try guide.get("options"))
        XCTAssertEqual(options["pictures"] as? [String], ["pictures/madrid.svg", "pictures/plaza \"mayor\".svg", "pictures/東京.svg"])
        let choices = try XCTUnwrap(options["pictureChoices"] as? [[String: Any]])
        XCTAssertEqual(choices.compactMap { $0["value"] as? String }, options["pictures"] as? [String])
        XCTAssertEqual(choices.map { $0["name"] as? String }, ["madrid.svg", "plaza \"mayor\".svg", "東京.svg"])
    }

    func testServeTimingsShowWhereASaveSpentItsTimeUntilTheReload() throws {
        let guide = try EditedGuide(timings: true)
        try guide.login()
        let events = try guide.events()
        let save = try guide.post("save", ["kind": "country", "slug": "spain", "digest": try guide.digest("country", "spain"),
                                           "fields": ["capital": "Toledo"]])
        XCTAssertEqual(save.status, 200, save.text)
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        // The lines are printed once the reload is sent.
        let deadline = Date().addingTimeInterval(10)
        while !guide.box.out.contains("edit request to reload: "), Date() < deadline { usleep(20_000) }
        let out = guide.box.out
        let request = try XCTUnwrap(out.split(separator: "\n").first { $0.hasPrefix("edit request: ") }, out)
        for step in ["read", "edit", "check", "undo", "write"] { XCTAssertTrue(request.contains(step + " "), String(request)) }
        let whole = try XCTUnwrap(out.split(separator: "\n").first { $0.hasPrefix("edit request to reload: ") }, out)
        for step in ["queue", "spare", "build", "outside its stages", "reload"] { XCTAssertTrue(whole.contains(step + " "), String(whole)) }
    }
}
