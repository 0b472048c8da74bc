import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// `gazetteer`: the command-line front end. Exit status 0 on success, 1 on content or
/// template errors, 2 on usage errors.
public enum CommandLineTool {
    public static let usage = """
    gazetteer \(GazetteerVersion.current): a static site generator for guides of countries and cities

    Usage:
      gazetteer build [--source DIR] [--output DIR]   generate the site
      gazetteer serve [--source DIR] [--port N]       preview with live reload while you edit
      gazetteer check [--source DIR]                  find every problem, write nothing
      gazetteer new country NAME                      start a new country (or: city, site)
      gazetteer theme eject                           copy the built-in theme into templates/
      gazetteer completions bash|zsh|fish             print shell completions
      gazetteer manpage                               print the manual page (roff)
      gazetteer --version                             print the version
      gazetteer help [COMMAND]                        show help

    Run `gazetteer build --help` for the details of a command.
    """

    public static let buildUsage = """
    Usage: gazetteer build [--source DIR] [--output DIR] [--drafts]

    Generates the guide in DIR (default: the current folder) into the output folder
    (default: DIR/site). DIR holds content/countries/*.md and content/cities/*.md,
    optionally gazetteer.yaml, templates/ (without it the built-in theme is used) and
    static/ (files published as they are). Pages with draft: true are left out unless
    --drafts.
    The site is written to a staging folder and swapped in only when the whole build
    succeeded; every problem found is printed as path:line:col: message.

    Files in the output folder that the build did not write (.git, CNAME, a file put
    there by hand) are kept; one where the build writes a file stops the build. A
    folder that is not empty and that no build of this guide made is refused, unless
    --force (which also replaces files of yours where the build writes one).
    """

    /// Runs the tool with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], output: TextOutput = .standard) -> Int32 {
        guard let command = arguments.first else {
            output.error(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h":
            output.print(usage)
            return 0
        case "help":
            guard let name = rest.first else {
                output.print(usage)
                return 0
            }
            guard let command = CommandCatalog.command(name) else {
                let hint = NameSuggestion.hint(for: name, in: CommandCatalog.names)
                output.error("gazetteer help: unknown command \"\(name)\"\(hint)\n\n\(usage)")
                return 2
            }
            output.print(command.help)
            return 0
        case "--version", "-V", "version":
            output.print("gazetteer \(GazetteerVersion.current)")
            return 0
        case "build":
            return build(rest, output: output)
        case "check":
            return check(rest, output: output)
        case "serve":
            return serve(rest, output: output)
        case "new":
            return new(rest, output: output)
        case "theme":
            return theme(rest, output: output)
        case "completions":
            return completions(rest, output: output)
        case "manpage":
            return manpage(rest, output: output)
        default:
            let hint = NameSuggestion.hint(for: command, in: CommandCatalog.names)
            output.error("gazetteer: unknown command \"\(command)\"\(hint)\n\n\(usage)")
            return 2
        }
    }

    static func build(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("build", words, output: output, status: &status) else { return status }
        if !arguments.positionals.isEmpty {
            output.error(unexpected("build", arguments.positionals[0]) + "\n\n\(buildUsage)")
            return 2
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func folder(_ path: String?) -> URL? { path.map { URL(fileURLWithPath: $0, relativeTo: cwd) } }
        var options = BuildOptions(
            source: folder(arguments.value("--source")) ?? cwd,
            output: folder(arguments.value("--output")), cache: folder(arguments.value("--cache")))
        let output = arguments.has("--quiet") || arguments.has("-q") ? output.quiet : output
        options.progress = output.buildProgress
        options.waitForOtherBuilds = !arguments.has("--no-wait")
        options.strict = arguments.has("--strict")
        options.drafts = arguments.has("--drafts")
        options.force = arguments.has("--force")
        options.collectGarbage = arguments.has("--gc")
        options.notice = output.error
        do throws(DiagnosticList) {
            let summary = try SiteBuild.run(options)
            for warning in summary.warnings { output.error(warning.description) }
            output.print(summary.description)
            if arguments.has("--timings") { output.print(summary.timings.description) }
            return 0
        } catch {
            for diagnostic in error.diagnostics { output.error(diagnostic.description) }
            output.error("gazetteer: build failed with \(Self.count(error.diagnostics)); the output folder was left as it was")
            return 1
        }
    }

    /// "3 errors", "1 error and 2 warnings (--strict)".
    static func count(_ diagnostics: [Diagnostic]) -> String {
        let warnings = diagnostics.filter(\.isWarning).count
        let errors = diagnostics.count - warnings
        let text = "\(errors) error\(errors == 1 ? "" : "s")"
        return warnings == 0 ? text : text + " and \(warnings) warning\(warnings == 1 ? "" : "s") (--strict)"
    }

    /// The message for a word the command `name` takes no such word for: a guide's folder
    /// given as `gazetteer build mysite` (as other generators take it) is told how to give it.
    static func unexpected(_ name: String, _ word: String) -> String {
        var isFolder: ObjCBool = false
        let folderHint = FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) && isFolder.boolValue
            ? " (a guide's folder is given with --source: gazetteer \(name) --source \(word))" : ""
        return "gazetteer \(name): unexpected argument \"\(word)\"\(folderHint)"
    }

    /// The words after the command `name`, parsed with its options; nil, with `status` set,
    /// when they are a usage error (2, printed with the usage) or ask for help (0, printed).
    static func parse(_ name: String, _ words: [String], output: TextOutput, status: inout Int32) -> Arguments? {
        let command = CommandCatalog.command(name)!
        var arguments = command.arguments
        do throws(Arguments.UsageError) {
            try arguments.parse(words)
        } catch {
            output.error("gazetteer \(name): \(error)\n\n\(command.usage)")
            status = 2
            return nil
        }
        if arguments.has("--help") || arguments.has("-h") {
            output.print(command.help)
            status = 0
            return nil
        }
        return arguments
    }
}
