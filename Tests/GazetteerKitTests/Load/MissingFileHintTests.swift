import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// A picture that does not exist, when a file beside it is what was meant: another ending,
/// another case, a typo in the file's or the folder's name. The message says which.
final class MissingFileHintTests: XCTestCase {
    func testMissingPicturesSuggestTheFileThatIsThere() throws {
        var files = FixtureSite.good
        files["content/countries/flags/peru.png"] = FixtureSite.flag("#d91023")
        files["content/countries/peru.md"] = "---\nname: Peru\ncontinent: South America\nflag: flags/peru.svg\n---\n"
        files["content/cities/pictures/lima.svg"] = FixtureSite.flag("#336699")
        files["content/cities/lima.md"] = "---\nname: Lima\ncountry: peru\npicture: pictures/Lima.svg\n---\n\n![Plaza](pictur/lima.svg)\n"
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japan\npicture: pictures/madird.svg\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        for line in [
            "content/countries/peru.md:4:7: flag \"flags/peru.svg\" does not exist (did you mean \"flags/peru.png\"?)",
            "content/cities/lima.md:4:10: picture \"pictures/Lima.svg\" does not exist (did you mean \"pictures/lima.svg\"?)",
            "content/cities/lima.md:7:1: image \"pictur/lima.svg\" does not exist (did you mean \"pictures/lima.svg\"?)",
            "content/cities/osaka.md:4:10: picture \"pictures/madird.svg\" does not exist (did you mean \"pictures/madrid.svg\"?)",
        ] {
            XCTAssertTrue(result.err.contains(line), "\(line)\n\(result.err)")
        }
    }
}

/// A path written as on Windows or from the computer's root is told what paths in a guide
/// look like: forward slashes, relative to the file or from content/ with a leading `/`.
final class PathFormTests: XCTestCase {
    func testBackslashesAndComputerPathsAreToldHowToWriteThePath() throws {
        var files = FixtureSite.good
        files["content/countries/flags/brasil.svg"] = FixtureSite.flag("#009c3b")
        files["content/countries/brasil.md"] = "---\nname: Brasil\ncontinent: South America\nflag: flags\\brasil.svg\n---\n"
        files["content/countries/peru.md"] = "---\nname: Peru\ncontinent: South America\nflag: /home/me/flags/peru.svg\n---\n"
        files["content/countries/chile.md"] = "---\nname: Chile\ncontinent: South America\nflag: C:\\Users\\me\\chile.svg\n---\n"
        files["content/countries/fiji.md"] = "---\nname: Fiji\ncontinent: Australasia\nflag: /content/countries/flags/brasil.svg\n---\n"
        files["content/countries/nauru.md"] = "---\nname: Nauru\ncontinent: Australasia\nflag: /countres/turkey.svg\n---\n"
        files["content/cities/lima.md"] = "---\nname: Lima\ncountry: spain\n---\n\n![Plaza](~/Pictures/lima.jpg)\n\n![Flag](..\\countries\\flags\\brasil.svg)\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        let how = "write its path with forward slashes, relative to this file or starting with / from content/"
        for line in [
            "content/countries/brasil.md:4:7: flag \"flags\\brasil.svg\" has backslashes: \(how) (\"flags/brasil.svg\")",
            "content/countries/peru.md:4:7: flag \"/home/me/flags/peru.svg\" does not exist: a path starting with / starts from content/, "
                + "not from the computer's root (put the file in the site and write its path relative to this file or from content/)",
            "content/countries/chile.md:4:7: flag \"C:\\Users\\me\\chile.svg\" is a path on the computer, not in the site: put the file in the site and \(how)",
            "content/countries/fiji.md:4:7: flag \"/content/countries/flags/brasil.svg\" does not exist: a path starting with / starts from content/ "
                + "(did you mean \"/countries/flags/brasil.svg\"?)",
            "content/countries/nauru.md:4:7: flag \"/countres/turkey.svg\" does not exist\n",
            "content/cities/lima.md:6:1: image \"~/Pictures/lima.jpg\" is a path on the computer, not in the site",
            "content/cities/lima.md:8:1: image \"..\\countries\\flags\\brasil.svg\" has backslashes: \(how) (\"../countries/flags/brasil.svg\")",
        ] {
            XCTAssertTrue(result.err.contains(line), "\(line)\n\(result.err)")
        }
    }

    /// The messages themselves, for each way a path can fail.
    func testEachFailureSaysWhatWasWritten() {
        XCTAssertEqual(ContentPath.Failure.backslashes(meant: "a/b.png").message(for: "a\\b.png", what: "picture"),
                       "picture \"a\\b.png\" has backslashes: write its path with forward slashes, relative to this file or starting with / from content/ (\"a/b.png\")")
        XCTAssertEqual(ContentPath.Failure.missing.message(for: "a/b.png", what: "image"), "image \"a/b.png\" does not exist")
    }
}
