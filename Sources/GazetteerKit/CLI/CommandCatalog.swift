import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// What each command accepts: the one list that argument parsing, shell completions and the
/// man page are made from, so none of them can drift from the others.
struct CommandSpec: Sendable {
    /// What an option's value is, for completion.
    enum Value: Sendable {
        case folder, number, address, countrySlug
    }

    struct Option: Sendable {
        var names: [String]
        var value: Value? = nil
        var help: String
        var placeholder: String {
            switch value {
            case .folder: "DIR"
            case .number: "N"
            case .address: "ADDRESS"
            case .countrySlug: "SLUG"
            case nil: ""
            }
        }
    }

    var name: String
    var summary: String
    var options: [Option]
    /// What the first argument after the command may be (`new country`, `completions zsh`).
    var words: [String] = []
    var usage: String

    /// What `gazetteer COMMAND --help` prints: the usage text, then every option.
    var help: String {
        guard !options.isEmpty else { return usage }
        let left = options.map { option in
            option.names.joined(separator: ", ") + (option.value == nil ? "" : " " + option.placeholder)
        }
        let width = left.map(\.count).max() ?? 0
        let lines = zip(left, options).map { "  " + $0.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $1.help }
        return usage + "\n\nOptions:\n" + lines.joined(separator: "\n")
    }

    /// A parser for this command's options.
    var arguments: Arguments {
        Arguments(valued: Set(options.filter { $0.value != nil }.flatMap(\.names)),
                  flags: Set(options.filter { $0.value == nil }.flatMap(\.names)))
    }
}

enum CommandCatalog {
    private typealias Option = CommandSpec.Option
    private static let source = Option(names: ["--source"], value: .folder, help: "the guide's folder (default: .)")
    private static let output = Option(names: ["--output"], value: .folder, help: "where the site goes (default: DIR/site)")
    private static let cache = Option(names: ["--cache"], value: .folder,
                                      help: "the thumbnail cache and build record (default: DIR/.gazetteer-cache)")
    private static let quiet = Option(names: ["-q", "--quiet"], help: "print errors only")
    private static let help = Option(names: ["-h", "--help"], help: "show help")
    private static let strict = Option(names: ["--strict"], help: "fail on warnings too (files in content/ that nothing uses)")
    private static let force = Option(names: ["--force"],
                                      help: "build into a folder no build of this guide made, and over files of yours where a file goes")
    private static let noWait = Option(names: ["--no-wait"],
                                       help: "fail at once if another build is using the output or cache, instead of waiting")

    static let commands: [CommandSpec] = [
        CommandSpec(name: "build", summary: "generate the site",
                    options: [source, output, cache, quiet, Option(names: ["--timings"], help: "print the time each stage took"),
                              strict, noWait, force,
                              Option(names: ["--gc"], help: "remove every thumbnail the site does not use from the cache now"), help],
                    usage: CommandLineTool.buildUsage),
        CommandSpec(name: "serve", summary: "preview with live reload while you edit",
                    options: [source, output, cache, force,
                              Option(names: ["--port"], value: .number, help: "the port (default 8080; 0 picks a free one)"),
                              Option(names: ["--host"], value: .address, help: "the address to serve on (default 127.0.0.1)"),
                              Option(names: ["--edit"], help: "edit the guide in the browser (loopback only; prints the address to open)"),
                              quiet, help],
                    usage: CommandLineTool.serveUsage),
        CommandSpec(name: "check", summary: "find every problem, write nothing",
                    options: [source, cache, strict, noWait, help], usage: CommandLineTool.checkUsage),
        CommandSpec(name: "new", summary: "start a new country, city or guide",
                    options: [source, Option(names: ["--country"], value: .countrySlug, help: "the country a new city belongs to"),
                              Option(names: ["--ascii-slug"], help: "make the file name plain ASCII (cote-d-ivoire, not côte-d-ivoire)"),
                              help],
                    words: ["country", "city", "site"], usage: CommandLineTool.newUsage),
        CommandSpec(name: "theme", summary: "write the built-in theme into the guide, to change it",
                    options: [source, Option(names: ["--force"], help: "replace files templates/ already has"), help],
                    words: ["eject"], usage: CommandLineTool.themeUsage),
        CommandSpec(name: "completions", summary: "print shell completions (bash, zsh or fish)",
                    options: [help], words: ["bash", "zsh", "fish"], usage: CommandLineTool.completionsUsage),
        CommandSpec(name: "manpage", summary: "print the manual page (roff)",
                    options: [help], usage: CommandLineTool.manpageUsage),
        CommandSpec(name: "help", summary: "show help", options: [],
                    words: ["build", "serve", "check", "new", "theme", "completions", "manpage"],
                    usage: CommandLineTool.usage),
    ]

    static func command(_ name: String) -> CommandSpec? { commands.first { $0.name == name } }
    static var names: [String] { commands.map(\.name) }
}
