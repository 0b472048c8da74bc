import Foundation
import XCTest

/// The `gazetteer` executable itself, as a user runs it: it does not link libvips, librsvg and
/// cairo but opens them when a thumbnail first needs one (Sources/CVipsShim/libraries.h), which
/// the in-process tests cannot show (the test bundle links libvips for its fixtures).
final class ExecutableTests: XCTestCase {
    private func executable() throws -> URL {
        // The test runner is .build/<configuration>/<package>Tests.xctest; the products are beside it.
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let products = URL(fileURLWithPath: runner).deletingLastPathComponent()
        let binary = products.appending(path: "gazetteer")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path),
                          "no gazetteer executable beside the tests (swift build --build-tests makes it)")
        return binary
    }

    @discardableResult
    private func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let errors = Pipe(), output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }

    func testAnotherExecutableRebuildsWhatTheFirstMade() throws {
        let binary = try executable()
        let site = try FixtureSite()
        defer { site.delete() }
        // Another gazetteer (an upgrade installed elsewhere) while the first stays where it was.
        let other = site.root.appending(path: "bin/gazetteer")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: other)
        let arguments = ["build", "--source", site.root.path]
        XCTAssertEqual(try run(binary, arguments).status, 0)
        XCTAssertTrue(try run(binary, arguments).out.contains("(0 rendered"), "the same executable has nothing to do")
        let upgraded = try run(other, arguments)
        XCTAssertEqual(upgraded.status, 0, upgraded.err)
        XCTAssertFalse(upgraded.out.contains("(0 rendered"), "another executable trusted the first one's output: \(upgraded.out)")
        XCTAssertTrue(try run(other, arguments).out.contains("(0 rendered"), "and then has nothing to do")
    }

    func testTheCommandMakesDrawingAndPNGThumbnailsThroughTheLibrariesItOpens() throws {
        let binary = try executable()
        let site = try FixtureSite()
        defer { site.delete() }
        // A PNG flag takes libvips' path; the SVGs take the drawing path (librsvg and cairo).
        try site.write("content/countries/japan.md", """
            ---
            name: Japan
            capital: Tokyo
            continent: Asia
            flag: flags/japan.png
            ---
            """)
        try Data(LargePNG.solid(width: 90, height: 60, rgb: (188, 0, 45))).write(
            to: site.root.appending(path: "content/countries/flags/japan.png"))
        try site.remove("content/countries/flags/japan.svg")
        let built = try run(binary, ["build", "--source", site.root.path])
        XCTAssertEqual(built.status, 0, built.err)
        XCTAssertEqual(built.err, "")
        let images = try FileManager.default.contentsOfDirectory(atPath: site.output.appending(path: "images").path)
        // (Opaque and of one colour: JPEG, as an opaque picture becomes.)
        XCTAssertTrue(images.contains { $0.hasPrefix("japan.") && $0.hasSuffix(".jpg") }, "\(images)")
        XCTAssertTrue(images.contains { $0.hasPrefix("spain.") && $0.hasSuffix(".png") }, "\(images)")
        XCTAssertTrue(images.contains { $0.hasPrefix("madrid.") }, "\(images)")
        // A damaged PNG is still worded by libvips, through the library it opened.
        try Data(LargePNG.solid(width: 90, height: 60, rgb: (0, 0, 0)).prefix(60)).write(
            to: site.root.appending(path: "content/countries/flags/japan.png"))
        let broken = try run(binary, ["build", "--source", site.root.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.err.contains("content/countries/japan.md:5:"), broken.err)
        XCTAssertTrue(broken.err.contains("flags/japan.png"), broken.err)
    }
}
