import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

/// The rebuild plan as a pure function: no file is read or written here.
final class RebuildPlanTests: XCTestCase {
    private let stamp = FileStamp(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
    private let newer = FileStamp(device: 1, inode: 2, size: 3, modified: 9, changed: 9)

    private func entry(_ path: String, country: String? = nil, links: [String] = [], picture: String? = nil,
                       bodyImages: [String] = []) -> ContentEntry {
        let digest = Digest(a: 1, b: 2, c: 3, d: 4)
        let image = ImageSource(
            path: picture ?? "/theme/placeholder.svg", written: picture ?? "placeholder",
            location: SourceLocation(path: path), isPlaceholder: picture == nil)
        return ContentEntry(
            kind: path.hasPrefix("content/countries/") ? .country : .city, path: path, digest: digest,
            frontMatterDigest: digest, name: path, country: country, image: image, extra: [], links: links,
            bodyImages: bodyImages, bodyImageFiles: bodyImages.map { $0 + ".png" })
    }

    private func file(_ path: String, stamp: FileStamp?) -> SiteLoader.ScannedFile {
        SiteLoader.ScannedFile(path: path, kind: path.hasPrefix("content/countries/") ? .country : .city, stamp: stamp)
    }

    private let spain = "content/countries/spain.md"
    private let madrid = "content/cities/madrid.md"
    private let osaka = "content/cities/osaka.md"

    /// The manifest of a build of Spain (linking to Madrid, with a picture in its body),
    /// Madrid (with a picture) and Osaka (of Japan, which this build no longer has).
    private func previous(engine: String = "e", global: String = "g") -> RebuildPlan.Previous {
        RebuildPlan.Previous(engineKey: engine, globalKey: global, entries: [
            spain: .init(stamp: stamp, entry: entry(spain, links: [madrid], bodyImages: ["/site/coast.jpg"])),
            madrid: .init(stamp: stamp, entry: entry(madrid, country: "spain", picture: "/site/madrid.jpg")),
            osaka: .init(stamp: stamp, entry: entry(osaka, country: "japan")),
        ])
    }

    private func check(engine: String = "e", global: String = "g", outputAsLeft: Bool = true, listedBefore: Bool = true,
                       filesGone: Bool = false, files: [SiteLoader.ScannedFile]? = nil, missing: Set<String> = [],
                       changed: Set<String> = []) -> RebuildPlan.Check {
        RebuildPlan.Check(
            engineKey: engine, globalKey: global, outputAsLeft: outputAsLeft,
            files: files ?? [file(spain, stamp: stamp), file(madrid, stamp: stamp), file(osaka, stamp: stamp)],
            listedBefore: listedBefore, filesGone: filesGone,
            pictureExists: { !missing.contains($0) }, pictureUnchanged: { !changed.contains($0) && !missing.contains($0) })
    }

    private func parsed(_ plan: RebuildPlan) -> [String] { plan.parse.map(\.file.path) }

    func testWithoutAManifestEverythingIsParsedAndRenderedIntoANewOutput() {
        let plan = RebuildPlan.make(previous: nil, check: check(listedBefore: false))
        XCTAssertEqual(plan.output, .replace)
        XCTAssertEqual(parsed(plan), [spain, madrid, osaka])
        XCTAssertTrue(plan.reuse.isEmpty)
        XCTAssertFalse(plan.comparePageKeys)
        XCTAssertFalse(plan.knownPlans)
        XCTAssertFalse(plan.reusesEntries)
    }

    func testNothingChangedReusesEveryEntryAndComparesPageKeys() {
        let plan = RebuildPlan.make(previous: previous(), check: check())
        XCTAssertEqual(plan.output, .update)
        XCTAssertEqual(plan.reuse, [spain, madrid, osaka])
        XCTAssertTrue(plan.parse.isEmpty)
        XCTAssertTrue(plan.comparePageKeys)
        XCTAssertTrue(plan.knownPlans)
        XCTAssertFalse(plan.lookForRemoved)
    }

    func testAnEditedFileAndAFileWithoutStampAreParsed() {
        let files = [file(spain, stamp: stamp), file(madrid, stamp: newer), file(osaka, stamp: nil)]
        let plan = RebuildPlan.make(previous: previous(), check: check(files: files))
        XCTAssertEqual(parsed(plan), [madrid, osaka])
        XCTAssertEqual(plan.reuse, [spain])
        XCTAssertEqual(plan.output, .update)
    }

    func testAnotherGazetteerRebuildsEverythingWithoutItsPlans() {
        let plan = RebuildPlan.make(previous: previous(engine: "old", global: "old"), check: check())
        XCTAssertEqual(plan.output, .replace)
        XCTAssertEqual(parsed(plan), [spain, madrid, osaka])
        XCTAssertFalse(plan.knownPlans)
        XCTAssertFalse(plan.comparePageKeys)
    }

    func testChangedSettingsParseEveryFileAgainButKeepThePlansAndTheOutput() {
        let plan = RebuildPlan.make(previous: previous(), check: check(global: "other settings"))
        XCTAssertEqual(plan.output, .update)
        XCTAssertEqual(parsed(plan), [spain, madrid, osaka])
        XCTAssertTrue(plan.knownPlans)
        XCTAssertFalse(plan.comparePageKeys)
    }

    func testAnOutputChangedByHandIsWrittenWholeAndBodiesWithPicturesAreParsed() {
        let plan = RebuildPlan.make(previous: previous(), check: check(outputAsLeft: false))
        XCTAssertEqual(plan.output, .replace)
        XCTAssertFalse(plan.comparePageKeys)
        // Spain's body picture must be planned for the new output.
        XCTAssertEqual(parsed(plan), [spain])
        XCTAssertEqual(plan.reuse, [madrid, osaka])
    }

    func testWhenFilesMayBeGoneWhatUnchangedFilesPointAtIsCheckedAgain() {
        // Madrid's file is gone: Spain links to it. Japan is not in the guide: Osaka is parsed
        // for its error. Both are unchecked while the listing is known.
        let files = [file(spain, stamp: stamp), file(osaka, stamp: stamp)]
        let known = RebuildPlan.make(previous: previous(), check: check(files: files))
        XCTAssertEqual(known.reuse, [spain, osaka])
        for plan in [RebuildPlan.make(previous: previous(), check: check(listedBefore: false, files: files)),
                     RebuildPlan.make(previous: previous(), check: check(filesGone: true, files: files))] {
            XCTAssertEqual(parsed(plan), [spain, osaka])
            XCTAssertTrue(plan.reuse.isEmpty)
        }
        XCTAssertTrue(RebuildPlan.make(previous: previous(), check: check(listedBefore: false, files: files)).lookForRemoved)
        // A file added, none gone: nothing removed to look for.
        let added = check().files + [file("content/cities/toledo.md", stamp: stamp)]
        XCTAssertFalse(RebuildPlan.make(previous: previous(), check: check(listedBefore: false, files: added)).lookForRemoved)
    }

    func testAMissingPictureIsNoticedWhenFilesMayBeGone() {
        let plan = RebuildPlan.make(previous: previous(), check: check(filesGone: true, missing: ["/site/madrid.jpg"]))
        XCTAssertEqual(parsed(plan), [madrid, osaka])
    }

    func testAChangedPictureInABodyParsesThatFile() {
        let plan = RebuildPlan.make(previous: previous(), check: check(changed: ["/site/coast.jpg", "/site/madrid.jpg"]))
        // Madrid's own picture is read by the pages that show it; only body pictures are in the HTML.
        XCTAssertEqual(parsed(plan), [spain])
    }

    func testASecondFileWithTheSameSlugIsReportedAndOnlyChecked() {
        let twin = "content/cities/Madrid.md"
        let files = [file(spain, stamp: stamp), file(madrid, stamp: stamp), file(twin, stamp: stamp), file(osaka, stamp: stamp)]
        // A file added: the folder was listed again.
        let plan = RebuildPlan.make(previous: previous(), check: check(listedBefore: false, files: files))
        XCTAssertEqual(plan.duplicates.map(\.message), ["duplicate slug \"madrid\": content/cities/madrid.md has it too"])
        // (Osaka is checked again too: its country, Japan, is no longer there.)
        XCTAssertEqual(plan.parse.map(\.file.path), [twin, osaka])
        XCTAssertEqual(plan.parse.map(\.validate), [false, true])
    }

    func testTheWatchAndPlansAreKeptOnlyWhenTheSameFilesWereReadOrFilesWereOnlyAdded() {
        let inputs = check()
        let plan = RebuildPlan.make(previous: previous(), check: inputs)
        XCTAssertTrue(plan.keeps(themeFoldersUnchanged: true, sameImagesNamed: true, filesOnlyAdded: false, check: inputs) == (.renewed, true))
        XCTAssertTrue(plan.keeps(themeFoldersUnchanged: false, sameImagesNamed: true, filesOnlyAdded: false, check: inputs) == (.remade, false))
        XCTAssertTrue(plan.keeps(themeFoldersUnchanged: true, sameImagesNamed: false, filesOnlyAdded: false, check: inputs) == (.remade, false))
        let relisted = check(listedBefore: false)
        let afterListing = RebuildPlan.make(previous: previous(), check: relisted)
        XCTAssertTrue(afterListing.keeps(themeFoldersUnchanged: true, sameImagesNamed: true, filesOnlyAdded: false, check: relisted) == (.remade, false))
        XCTAssertTrue(afterListing.keeps(themeFoldersUnchanged: true, sameImagesNamed: true, filesOnlyAdded: true, check: relisted) == (.extended, true))
        XCTAssertTrue(afterListing.keeps(themeFoldersUnchanged: true, sameImagesNamed: false, filesOnlyAdded: true, check: relisted) == (.remade, false))
    }

    /// Only files of static/ that the last build published, none a picture, changed: they
    /// alone are copied again; anything else runs the whole build.
    func testOnlyChangedFilesOfStaticThatWerePublishedAreCopiedAlone() {
        let folder = "/guide/static/"
        let published: Set<String> = ["robots.txt", "docs/map.pdf", "photos/harbour.jpg"]
        func copies(_ changed: [String]?, outputAsLeft: Bool = true) -> [String]? {
            RebuildPlan.copiesOnly(changed: changed, staticFolder: folder, outputAsLeft: outputAsLeft,
                                   published: published.contains, readByPages: { $0 == folder + "photos/harbour.jpg" })
        }
        XCTAssertEqual(copies([folder + "robots.txt", folder + "docs/map.pdf"]), ["robots.txt", "docs/map.pdf"])
        XCTAssertNil(copies([folder + "robots.txt"], outputAsLeft: false), "an output changed by hand is updated by the whole build")
        XCTAssertNil(copies(nil), "a file added or removed, or a folder listed again")
        XCTAssertNil(copies([]), "nothing changed is the watch's answer, not a copy")
        XCTAssertNil(copies([folder + "robots.txt", "/guide/content/cities/madrid.md"]), "a content file changed too")
        XCTAssertNil(copies([folder + "photos/harbour.jpg"]), "a picture a page shows is read for its thumbnails")
        XCTAssertNil(copies([folder + "new.txt"]), "a file the last build did not publish")
        XCTAssertNil(copies(["/guide/static-old/robots.txt"]), "a folder whose name begins like static/")
    }
}
