import Foundation
import XCTest
@testable import GazetteerKit

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
