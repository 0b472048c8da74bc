import Foundation
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
import OptionalTools

/// Shell completions and the man page, checked by the shells and tools that read them: bash
/// always, zsh, fish and groff when installed (skipped with a line saying so otherwise).
final class CompletionsAndManPageTests: XCTestCase {
    private func script(_ shell: String) throws -> String {
        let site = try FixtureSite([:])
        let result = site.run(["completions", shell])
        XCTAssertEqual(result.status, 0, result.err)
        return result.out
    }

    /// Runs `shell` with `arguments` and the script on standard input; returns what it printed.
    private func runShell(_ path: String, _ arguments: [String], input: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output
    }

    /// What bash's completion offers for the words typed so far (the last one being completed).
    private func bashCompletes(_ words: [String], in folder: URL) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let input = try script("bash") + """
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _gazetteer
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try runShell("/bin/bash", [], input: input, in: folder).split(separator: "\n").map(String.init)
    }

    func testBashCompletesCommandsOptionsWordsAndCountrySlugs() throws {
        let site = try FixtureSite(["content/countries/peru.md": "", "content/countries/chile.md": "",
                                    "guide/content/countries/japan.md": ""])
        XCTAssertEqual(try bashCompletes(["gazetteer", "bu"], in: site.root), ["build"])
        XCTAssertEqual(try bashCompletes(["gazetteer", "build", "--ti"], in: site.root), ["--timings"])
        XCTAssertEqual(Set(try bashCompletes(["gazetteer", "new", ""], in: site.root)), ["country", "city", "site"])
        XCTAssertEqual(Set(try bashCompletes(["gazetteer", "new", "city", "Lima", "--country", ""], in: site.root)),
                       ["peru", "chile"])
        XCTAssertEqual(try bashCompletes(["gazetteer", "new", "--source", "guide", "--country", "j"], in: site.root), ["japan"])
        XCTAssertEqual(try bashCompletes(["gazetteer", "build", "--source", "gu"], in: site.root), ["guide"])
        XCTAssertEqual(Set(try bashCompletes(["gazetteer", "completions", ""], in: site.root)), ["bash", "zsh", "fish"])
    }

    func testZshReadsItsScript() throws {
        let zsh = try requireZsh()
        let result = try runShell(zsh, ["-n"], input: try script("zsh"), in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result, "")
    }

    func testFishCompletesCommandsAndCountrySlugs() throws {
        let fish = try requireFish()
        let site = try FixtureSite(["content/countries/peru.md": ""])
        try site.write("gazetteer.fish", try script("fish"))
        let offered = try runShell(fish, ["--no-config"], input: """
            source gazetteer.fish
            complete -C 'gazetteer new --country '
            complete -C 'gazetteer se'
            """, in: site.root)
        XCTAssertTrue(offered.contains("peru\t"), offered)
        XCTAssertTrue(offered.contains("serve\tpreview"), offered)
    }

    func testEveryCommandAndOptionIsInTheManPage() throws {
        let site = try FixtureSite([:])
        let page = site.run(["manpage"]).out
        XCTAssertTrue(page.hasPrefix(".TH GAZETTEER 1"), page)
        for command in CommandCatalog.commands where command.name != "help" {
            XCTAssertTrue(page.contains(".SS \"gazetteer \(command.name)\""), command.name)
            for name in command.options.flatMap(\.names) {
                XCTAssertTrue(page.contains("\\fB\(ManPage.escaped(name))\\fR"), "\(command.name) \(name)")
            }
        }
    }

    func testGroffRendersTheManPage() throws {
        let groff = try requireGroff()
        let site = try FixtureSite([:])
        let page = site.run(["manpage"]).out
        let rendered = try runShell(groff, ["-man", "-Tutf8", "-ww"], input: page, in: site.root)
        XCTAssertTrue(rendered.contains("gazetteer serve"), rendered)
        XCTAssertTrue(rendered.contains("--country SLUG") || rendered.contains("‐‐country SLUG"), rendered)
    }

    func testCommandHelpListsItsOptionsAndUnknownNamesAreUsageErrors() throws {
        let site = try FixtureSite([:])
        let help = site.run(["help", "serve"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("--port N"), help.out)
        XCTAssertTrue(help.out.contains("-q, --quiet"), help.out)
        let unknownShell = site.run(["completions", "bsh"])
        XCTAssertEqual(unknownShell.status, 2)
        XCTAssertTrue(unknownShell.err.contains("did you mean \"bash\"?"), unknownShell.err)
        XCTAssertEqual(site.run(["completions"]).status, 2)
        XCTAssertTrue(site.run(["help", "biuld"]).err.contains("did you mean \"build\"?"))
    }
}
