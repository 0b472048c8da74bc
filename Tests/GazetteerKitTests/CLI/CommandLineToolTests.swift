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

final class CommandLineToolTests: XCTestCase {
    private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let box = OutputBox()
        let status = CommandLineTool.run(arguments, output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
        return (status, box.out, box.err)
    }

    func testVersionAndHelp() {
        XCTAssertEqual(run(["--version"]).out, "gazetteer \(GazetteerVersion.current)\n")
        XCTAssertTrue(run(["--help"]).out.contains("gazetteer build"))
        let help = run(["build", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("--output DIR"))
    }

    func testUsageErrorsExitWithTwo() {
        XCTAssertEqual(run([]).status, 2)
        let unknown = run(["biuld"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("did you mean \"build\"?"), unknown.err)
        let option = run(["build", "--ouput", "x"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.err.contains("unknown option --ouput (did you mean \"--output\"?)"), option.err)
        XCTAssertEqual(run(["build", "--source"]).status, 2)
        XCTAssertEqual(run(["build", "extra"]).status, 2)
    }

    /// `gazetteer serve mysite`, as other generators take a folder: the error names the word
    /// and says how to give a folder, not that the port is wrong.
    func testAFolderGivenWithoutSourceIsToldHowToGiveIt() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["build", "serve", "check"] {
            let result = run([command, folder.path])
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(result.err.hasPrefix("gazetteer \(command): unexpected argument \"\(folder.path)\" "
                + "(a guide's folder is given with --source: gazetteer \(command) --source \(folder.path))"), result.err)
            XCTAssertFalse(result.err.contains("--port takes"), result.err)
        }
        let word = run(["serve", "8081"])
        XCTAssertEqual(word.status, 2)
        XCTAssertTrue(word.err.hasPrefix("gazetteer serve: unexpected argument \"8081\"\n"), word.err)
    }

    func testArgumentsAcceptBothSpellingsOfValues() throws {
        var arguments = Arguments(valued: ["--source", "--output"], flags: ["--quiet"])
        try arguments.parse(["--source=a", "--output", "b", "--quiet", "--", "--x"])
        XCTAssertEqual(arguments.value("--source"), "a")
        XCTAssertEqual(arguments.value("--output"), "b")
        XCTAssertTrue(arguments.has("--quiet"))
        XCTAssertEqual(arguments.positionals, ["--x"])
    }
}
