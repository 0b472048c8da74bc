import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// Edit mode's API on a served fixture guide: forms read through the build's parser, saves
/// that change only the value edited, conflicts that keep both versions, edits the build would
/// refuse refused with its words (nothing written), create, delete and undo, uploads.
final class EditAPITests: XCTestCase {
    func testAnEntryIsReadInFileOrderWithTheDigestOfItsBytes() throws {
        let guide = try EditedGuide()
        try guide.login()
        let answer = try guide.get("entry?kind=country&slug=spain")
        XCTAssertEqual(answer.status, 200)
        let entry = EditedGuide.json(answer)
        XCTAssertEqual(entry["path"] as? String, "content/countries/spain.md")
        XCTAssertEqual(entry["digest"] as? String, Digest(of: try XCTUnwrap(guide.bytes("content/countries/spain.md"))).hex)
        let fields = try XCTUnwrap(entry["fields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["key"] as? String }, ["name", "official_name", "capital", "motto", "continents", "flag"])
        XCTAssertEqual(fields[2]["value"] as? String, "Madrid")
        XCTAssertEqual(fields[4]["value"] as? [String], ["Europe"])
        XCTAssertEqual(entry["body"] as? String, "\nSpain's capital is [Madrid](../cities/madrid.md).")
        XCTAssertEqual(try guide.get("entry?kind=city&slug=nowhere").status, 404)
    }

    func testTheOptionsAreTheGuidesContinentsCountriesFlagsAndPictures() throws {
        let guide = try EditedGuide()
        try guide.login()
        let options = EditedGuide.json(try guide.get("options"))
        let continents = try XCTUnwrap(options["continents"] as? [[String: String]])
        XCTAssertTrue(continents.contains { $0["name"] == "Europe" && $0["heading"] == "European Flags" }, "\(continents)")
        let countries = try XCTUnwrap(options["countries"] as? [[String: String]])
        XCTAssertEqual(countries.map { $0["slug"] }, ["japan", "spain", "turkey"])
        let flags = try XCTUnwrap(options["flags"] as? [[String: Any]])
        XCTAssertEqual(flags.map { $0["heading"] as? String }, ["Asian Flags", "European Flags"], "as the gallery sections them")
        let asia = try XCTUnwrap(flags.first?["countries"] as? [[String: Any]])
        XCTAssertEqual(asia.map { $0["slug"] as? String }, ["japan", "turkey"])
        XCTAssertEqual(asia[0]["flag"] as? String, "flags/japan.svg")
        let thumb = try XCTUnwrap(asia[0]["thumb"] as? String)
        XCTAssertEqual(try guide.send("GET", thumb).status, 200, "the gallery's thumbnail, from the last build: \(thumb)")
        XCTAssertTrue(guide.site.read("flags/index.html")!.contains(String(thumb.dropFirst())), "the one the gallery shows")
        XCTAssertEqual(options["pictures"] as? [String], ["pictures/madrid.svg"])
        let choices = try XCTUnwrap(options["pictureChoices"] as? [[String: Any]])
        XCTAssertEqual(choices.map { $0["name"] as? String }, ["madrid.svg"])
        let picture = try XCTUnwrap(choices.first?["thumb"] as? String, "Madrid shows it: its thumbnail")
        XCTAssertEqual(try guide.send("GET", picture).status, 200, picture)
    }

    func testANewEntrysFileNameIsMadeAsGazetteerNewMakesIt() throws {
        let guide = try EditedGuide()
        try guide.login()
        let new = EditedGuide.json(try guide.get("slug?kind=city&name=S%C3%A3o+Paulo"))
        XCTAssertEqual(new["slug"] as? String, "são-paulo")
        XCTAssertEqual(new["taken"] as? Bool, false)
        XCTAssertEqual(EditedGuide.json(try guide.get("slug?kind=city&name=Madrid"))["taken"] as? Bool, true)
    }

    func testASaveChangesOnlyTheValuesBytesThenRebuildsAndReloads() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = try XCTUnwrap(guide.bytes("content/countries/spain.md"))
        let events = try RawHTTPClient(port: guide.port)
        events.timeout = 10
        events.send("GET /__gazetteer/events HTTP/1.1\r\nHost: \(guide.host)\r\n\r\n")
        _ = events.read(until: "retry:")
        let digest = try guide.digest("country", "spain")
        let answer = try guide.post("save", ["kind": "country", "slug": "spain", "digest": digest,
                                             "fields": ["name": "Spain", "capital": "Toledo"]])
        XCTAssertEqual(answer.status, 200, answer.text)
        let after = try XCTUnwrap(guide.bytes("content/countries/spain.md"))
        XCTAssertEqual(String(decoding: after, as: UTF8.self),
                       String(decoding: before, as: UTF8.self).replacingOccurrences(of: "capital: Madrid", with: "capital: Toledo"))
        XCTAssertEqual(EditedGuide.json(answer)["digest"] as? String, Digest(of: after).hex)
        XCTAssertEqual(EditedGuide.json(answer)["url"] as? String, "/countries/spain.html")
        XCTAssertTrue(events.read(until: "event: reload").contains("event: reload"))
        XCTAssertTrue(try guide.send("GET", "/countries/spain.html").text.contains("Toledo"))
        XCTAssertTrue(guide.box.out.contains("Changed: content/countries/spain.md"), guide.box.out)
        // The watcher sees the same write: it neither rebuilds nor reloads a second time.
        events.timeout = 1.5
        XCTAssertFalse(events.read(until: "event: reload").contains("event: reload"), "one reload only")
        XCTAssertEqual(guide.session.buildCount, 2, guide.box.out)
    }

    func testAGuideBuiltBeforeTheServerStartsStillHasItsModel() throws {
        let guide = try EditedGuide(prebuilt: true)
        try guide.login()
        let options = EditedGuide.json(try guide.get("options"))
        XCTAssertEqual((options["countries"] as? [[String: String]])?.count, 3, "\(options)")
    }

    func testAConflictWithAChangeOnDiskKeepsBothVersions() throws {
        let guide = try EditedGuide()
        try guide.login()
        let digest = try guide.digest("country", "japan")
        let theirs = "---\nname: Japan\ncapital: Kyoto\ncontinent: Asia\nflag: flags/japan.svg\n---\n\nChanged in a text editor.\n"
        try guide.site.write("content/countries/japan.md", theirs)
        let answer = try guide.post("save", ["kind": "country", "slug": "japan", "digest": digest, "fields": ["motto": "Wa"]])
        XCTAssertEqual(answer.status, 409)
        let conflict = try XCTUnwrap(EditedGuide.json(answer)["conflict"] as? [String: String])
        XCTAssertEqual(conflict["disk"], theirs)
        XCTAssertEqual(conflict["digest"], Digest(of: Array(theirs.utf8)).hex)
        let mine = try XCTUnwrap(conflict["mine"])
        XCTAssertTrue(mine.contains("motto: Wa") && mine.contains("capital: Tokyo") && mine.contains("An island country."), mine)
        XCTAssertEqual(guide.bytes("content/countries/japan.md"), Array(theirs.utf8), "the file's version is kept")
    }

    func testAnEditTheBuildWouldRefuseIsRefusedWithItsMessageAtItsFieldAndNothingIsWritten() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let digest = try guide.digest("city", "madrid")
        for (fields, field, words) in [
            (["country": "atlantis"], "country", "content/cities/madrid.md:3:10: unknown country \"atlantis\""),
            (["name": ""], "name", "\"name\" must not be empty"),
            (["picture": "pictures/nowhere.jpg"], "picture", "picture \"pictures/nowhere.jpg\" does not exist"),
        ] as [([String: Any], String, String)] {
            let answer = try guide.post("save", ["kind": "city", "slug": "madrid", "digest": digest, "fields": fields])
            XCTAssertEqual(answer.status, 422, answer.text)
            let problems = try XCTUnwrap(EditedGuide.json(answer)["problems"] as? [[String: Any]])
            XCTAssertEqual(problems.first?["field"] as? String, field, answer.text)
            XCTAssertTrue((problems.first?["message"] as? String)?.contains(words) == true, answer.text)
        }
        let link = try guide.post("save", ["kind": "city", "slug": "madrid", "digest": digest, "body": "See [Nowhere](nowhere.md)."])
        XCTAssertEqual(link.status, 422)
        XCTAssertEqual((EditedGuide.json(link)["problems"] as? [[String: Any]])?.first?["field"] as? String, "body")
        XCTAssertEqual(guide.contentSnapshot(), before)
    }

    func testAPositionAndAnISOCodeAreWrittenAsTheBuildReadsThemOrRefusedAtTheirField() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let madrid = try guide.digest("city", "madrid")
        for (fields, field, words) in [
            (["position": "140.4, -3.7"], "position", "the latitude of \"position\", 140.4, is out of range"),
            (["position": "40.4"], "position", "\"position\" gives only one number (40.4)"),
            (["position": "40.4, east"], "position", "the longitude of \"position\" \"east\" is not a number"),
        ] as [([String: Any], String, String)] {
            let answer = try guide.post("save", ["kind": "city", "slug": "madrid", "digest": madrid, "fields": fields])
            XCTAssertEqual(answer.status, 422, answer.text)
            let problems = try XCTUnwrap(EditedGuide.json(answer)["problems"] as? [[String: Any]])
            XCTAssertEqual(problems.first?["field"] as? String, field, answer.text)
            let message = try XCTUnwrap(problems.first?["message"] as? String)
            XCTAssertTrue(message.hasPrefix("content/cities/madrid.md:5:"), "located at the new line: \(message)")
            XCTAssertTrue(message.contains(words), message)
        }
        let spain = try guide.digest("country", "spain")
        let unknown = try guide.post("save", ["kind": "country", "slug": "spain", "digest": spain, "fields": ["iso": "XS"]])
        XCTAssertEqual(unknown.status, 422, unknown.text)
        let problem = try XCTUnwrap((EditedGuide.json(unknown)["problems"] as? [[String: Any]])?.first)
        XCTAssertEqual(problem["field"] as? String, "iso")
        XCTAssertTrue((problem["message"] as? String)?.contains("content/countries/spain.md:8:6: unknown ISO 3166-1 code \"XS\"") == true, unknown.text)
        XCTAssertEqual(guide.contentSnapshot(), before, "nothing written")

        // Good values land after the form's other keys, as `gazetteer new` places them.
        let placed = try guide.post("save", ["kind": "city", "slug": "madrid", "digest": madrid, "fields": ["position": "40.4168, -3.7038"]])
        XCTAssertEqual(placed.status, 200, placed.text)
        XCTAssertEqual(guide.bytes("content/cities/madrid.md").map { String(decoding: $0, as: UTF8.self) },
                       "---\nname: Madrid\ncountry: spain\npicture: pictures/madrid.svg\nposition: 40.4168, -3.7038\n---\n\nThe capital of [Spain](../countries/spain.md#top).")
        let coded = try guide.post("save", ["kind": "country", "slug": "spain", "digest": spain, "fields": ["iso": "ES"]])
        XCTAssertEqual(coded.status, 200, coded.text)
        XCTAssertEqual(guide.bytes("content/countries/spain.md").map { String(decoding: $0, as: UTF8.self) },
                       String(decoding: try XCTUnwrap(before["countries/spain.md"]), as: UTF8.self)
                        .replacingOccurrences(of: "flag: flags/spain.svg\n", with: "flag: flags/spain.svg\niso: ES\n"))
        // A code there already is replaced where it is.
        let turkey = try guide.post("save", ["kind": "country", "slug": "turkey", "digest": try guide.digest("country", "turkey"), "fields": ["iso": "TUR"]])
        XCTAssertEqual(turkey.status, 200, turkey.text)
        XCTAssertTrue(String(decoding: guide.bytes("content/countries/turkey.md") ?? [], as: UTF8.self).contains("flag: /countries/flags/turkey.svg\niso: TUR\n---"))
    }

    func testCreateMakesANewFileAndNeverReplacesOne() throws {
        let guide = try EditedGuide()
        try guide.login()
        let madrid = guide.bytes("content/cities/madrid.md")
        let taken = try guide.post("create", ["kind": "city", "slug": "madrid", "fields": ["name": "Madrid 2", "country": "spain"], "body": ""])
        XCTAssertEqual(taken.status, 409)
        XCTAssertEqual(guide.bytes("content/cities/madrid.md"), madrid)
        let refused = try guide.post("create", ["kind": "city", "slug": "bilbao", "fields": ["name": "Bilbao", "country": "spian"], "body": ""])
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.text.contains("did you mean"), refused.text)
        XCTAssertNil(guide.bytes("content/cities/bilbao.md"))
        let made = try guide.post("create", ["kind": "city", "slug": "valencia",
                                             "fields": ["name": "Valencia", "country": "spain", "aliases": ["València"]],
                                             "body": "On the Mediterranean.\n"])
        XCTAssertEqual(made.status, 200, made.text)
        XCTAssertEqual(EditedGuide.json(made)["url"] as? String, "/cities/valencia.html")
        let text = String(decoding: try XCTUnwrap(guide.bytes("content/cities/valencia.md")), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("---\nname: Valencia\ncountry: spain\n"), text)
        XCTAssertTrue(text.hasSuffix("On the Mediterranean.\n"), text)
        XCTAssertTrue(try waitFor { try guide.send("GET", "/cities/valencia.html").status == 200 }, "rebuilt: the page is served")
    }

    func testDeleteThenUndoBringsTheBytesBack() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = try XCTUnwrap(guide.bytes("content/cities/osaka.md"))
        let deleted = try guide.post("delete", ["kind": "city", "slug": "osaka", "digest": try guide.digest("city", "osaka")])
        XCTAssertEqual(deleted.status, 200, deleted.text)
        XCTAssertEqual(EditedGuide.json(deleted)["url"] as? String, "/cities/index.html")
        XCTAssertNil(guide.bytes("content/cities/osaka.md"))
        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid deleting Osaka")
        XCTAssertEqual(guide.bytes("content/cities/osaka.md"), before)
        XCTAssertEqual(try guide.post("undo", [:]).status, 404, "nothing more to undo")
    }

    func testUndoRefusesWhenTheFileChangedSinceAndSurvivesARestart() throws {
        let guide = try EditedGuide()
        try guide.login()
        let save = try guide.post("save", ["kind": "city", "slug": "osaka", "digest": try guide.digest("city", "osaka"),
                                           "body": "\nA big city.\n"])
        XCTAssertEqual(save.status, 200, save.text)
        let saved = try XCTUnwrap(guide.bytes("content/cities/osaka.md"))
        // The journal is in the cache folder: a new server finds it.
        let again = EditUndo(folder: guide.site.root.appending(path: ".gazetteer-cache/edit-undo"))
        XCTAssertEqual(again.last?.change.what, "saving Osaka")
        try guide.site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nEdited by hand.\n")
        let undo = try guide.post("undo", [:])
        XCTAssertEqual(undo.status, 409)
        XCTAssertTrue(undo.text.contains("changed since"), undo.text)
        XCTAssertNotEqual(guide.bytes("content/cities/osaka.md"), saved)
        XCTAssertTrue(String(decoding: guide.bytes("content/cities/osaka.md")!, as: UTF8.self).contains("Edited by hand."))
    }

    func testUndoAfterAnUploadTakesBackThePictureTooEvenAfterARestart() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let png = LargePNG.solid(width: 40, height: 30, rgb: (200, 10, 10))
        let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug=osaka", headers: ["Content-Type": "image/png"], body: png)
        let value = try XCTUnwrap(EditedGuide.json(upload)["value"] as? String, upload.text)
        let save = try guide.post("save", ["kind": "city", "slug": "osaka", "digest": try guide.digest("city", "osaka"), "fields": ["picture": value]])
        XCTAssertEqual(save.status, 200, save.text)
        XCTAssertEqual(guide.bytes("content/cities/pictures/osaka.png"), png)
        // One change in the journal, kept in the cache folder: a new server finds both files in it.
        let again = EditUndo(folder: guide.site.root.appending(path: ".gazetteer-cache/edit-undo"))
        XCTAssertEqual(again.last?.change.files.map(\.path), ["content/cities/osaka.md", "content/cities/pictures/osaka.png"])

        let undone = try guide.post("undo", [:])
        XCTAssertEqual(undone.status, 200, undone.text)
        XCTAssertEqual(EditedGuide.json(undone)["undone"] as? String, "Undid saving Osaka, with the picture pictures/osaka.png uploaded for it")
        XCTAssertEqual(guide.contentSnapshot().keys.sorted(), before.keys.sorted(), "the picture gone")
        XCTAssertTrue(guide.contentSnapshot() == before, "the front matter back")
        XCTAssertEqual(try guide.post("undo", [:]).status, 404, "the upload was part of that change")

        // A new city with an uploaded picture: one Undo takes back both files.
        let flag = Array(FixtureSite.flag("#123456").utf8)
        let uploaded = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug=kyoto", headers: ["Content-Type": "image/svg+xml"], body: flag)
        XCTAssertEqual(EditedGuide.json(uploaded)["value"] as? String, "pictures/kyoto.svg", uploaded.text)
        let made = try guide.post("create", ["kind": "city", "slug": "kyoto", "fields": ["name": "Kyoto", "country": "japan", "picture": "pictures/kyoto.svg"], "body": ""])
        XCTAssertEqual(made.status, 200, made.text)
        XCTAssertEqual(try guide.post("undo", [:]).status, 200)
        XCTAssertEqual(guide.contentSnapshot().keys.sorted(), before.keys.sorted(), "the file and its picture gone")
    }

    func testAnUploadNoSaveUsesIsUndoneByItself() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let upload = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain", headers: ["Content-Type": "image/svg+xml"],
                                    body: Array(FixtureSite.flag("#00ff00").utf8))
        XCTAssertEqual(upload.status, 200, upload.text)
        // A save that does not use it leaves it a change of its own.
        let save = try guide.post("save", ["kind": "country", "slug": "spain", "digest": try guide.digest("country", "spain"), "fields": ["motto": "Plus"]])
        XCTAssertEqual(save.status, 200, save.text)
        XCTAssertEqual(EditedGuide.json(try guide.post("undo", [:]))["undone"] as? String, "Undid saving Spain")
        XCTAssertNotNil(guide.bytes("content/countries/flags/spain-2.svg"))
        XCTAssertEqual(EditedGuide.json(try guide.post("undo", [:]))["undone"] as? String, "Undid adding the picture flags/spain-2.svg")
        XCTAssertTrue(guide.contentSnapshot() == before)
    }

    func testACountryCitiesBelongToIsNotDeleted() throws {
        let guide = try EditedGuide()
        try guide.login()
        let answer = try guide.post("delete", ["kind": "country", "slug": "spain", "digest": try guide.digest("country", "spain")])
        XCTAssertEqual(answer.status, 422)
        XCTAssertTrue(answer.text.contains("Madrid"), answer.text)
        XCTAssertTrue(answer.text.contains("content/cities/madrid.md:3:10: unknown country \\\"spain\\\""), answer.text)
        XCTAssertNotNil(guide.bytes("content/countries/spain.md"))
    }

    func testUploadsAreJudgedByTheirBytesAndNeverReplaceAFile() throws {
        let guide = try EditedGuide()
        try guide.login()
        let before = guide.contentSnapshot()
        let text = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain",
                                  headers: ["Content-Type": "image/png"], body: Array("not a picture at all".utf8))
        XCTAssertEqual(text.status, 422)
        XCTAssertEqual((EditedGuide.json(text)["problems"] as? [[String: Any]])?.first?["field"] as? String, "flag")
        let damaged = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain",
                                     headers: ["Content-Type": "image/png"], body: Array(LargePNG.solid(width: 20, height: 20, rgb: (9, 9, 9)).prefix(60)))
        XCTAssertEqual(damaged.status, 422, damaged.text)
        let huge = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain",
                                  headers: ["Content-Type": "image/png"], body: LargePNG.header(width: 20_000, height: 20_000))
        XCTAssertEqual(huge.status, 422, "over max_image_pixels (100 million by default)")
        XCTAssertTrue(huge.text.contains("over the limit"), huge.text)
        XCTAssertEqual(guide.contentSnapshot(), before, "nothing written")

        let svg = Array(FixtureSite.flag("#00ff00").utf8)
        let first = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=country&slug=spain",
                                   headers: ["Content-Type": "image/png"], body: svg)
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(EditedGuide.json(first)["value"] as? String, "flags/spain-2.svg", "flags/spain.svg is taken: named from the slug")
        XCTAssertEqual(guide.bytes("content/countries/flags/spain-2.svg"), svg)
        XCTAssertEqual(guide.bytes("content/countries/flags/spain.svg"), before["countries/flags/spain.svg"])
        let png = LargePNG.solid(width: 40, height: 30, rgb: (200, 10, 10))
        let city = try guide.send("POST", "/__gazetteer/edit/api/upload?kind=city&slug=osaka", headers: ["Content-Type": "image/jpeg"], body: png)
        XCTAssertEqual(EditedGuide.json(city)["value"] as? String, "pictures/osaka.png", "the ending follows the bytes")
    }

    func testThePreviewIsTheBodyAsTheBuildRendersIt() throws {
        let guide = try EditedGuide()
        try guide.login()
        let answer = try guide.post("preview", ["kind": "country", "slug": "spain", "body": "**Bold** and [Madrid](../cities/madrid.md)."])
        XCTAssertEqual(answer.status, 200, answer.text)
        let html = try XCTUnwrap(EditedGuide.json(answer)["html"] as? String)
        XCTAssertTrue(html.contains("<strong>Bold</strong>"), html)
        XCTAssertTrue(html.contains("href=\"../cities/madrid.html\""), html)
    }

    func testNeitherTheBuildNorAPlainServeHasAnyOfTheEditMode() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        for (path, data) in site.snapshot() {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("gazetteer-edit"), path)
            XCTAssertFalse(path.contains("edit.js") || path.contains("edit.css"), path)
        }
        XCTAssertEqual(site.run(["theme", "eject", "--source", site.root.path]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appending(path: "templates/edit").path), "not ejected")
        let session = ServeSession(options: BuildOptions(source: site.root), port: 0, output: .standard.quiet)
        let port = try session.start()
        defer { session.stop() }
        XCTAssertNil(session.editLoginURL)
        let client = try RawHTTPClient(port: port)
        client.send("GET /countries/spain.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: gazetteer_edit=x\r\nConnection: close\r\n\r\n")
        let page = try client.readResponse()
        XCTAssertEqual(page.status, 200)
        XCTAssertFalse(page.text.contains("gazetteer-edit") || page.text.contains("edit.js"))
        XCTAssertEqual(try RawHTTPClient.get("/__gazetteer/edit/login?secret=x", port: port).status, 404)
        XCTAssertEqual(try RawHTTPClient.get("/__gazetteer/edit/edit.js", port: port).status, 404)
    }

    /// Polls `condition` for up to 10 s.
    private func waitFor(_ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if try condition() { return true }
            usleep(50_000)
        }
        return false
    }
}
