import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

extension CommandLineTool {
    static let completionsUsage = """
    Usage: gazetteer completions bash|zsh|fish

    Prints a completion script for the shell: commands, options, folders, and the country
    slugs of the guide for --country. To install it:
      bash   gazetteer completions bash > ~/.local/share/bash-completion/completions/gazetteer
      zsh    gazetteer completions zsh > ~/.zfunc/_gazetteer   (with ~/.zfunc in $fpath)
      fish   gazetteer completions fish > ~/.config/fish/completions/gazetteer.fish
    `make install` puts all three where the shells look under its PREFIX.
    """

    static let manpageUsage = """
    Usage: gazetteer manpage

    Prints the manual page, in roff, made from the help of every command:
      gazetteer manpage > gazetteer.1 && man -l gazetteer.1
    `make install` puts it in PREFIX/share/man/man1.
    """

    static func completions(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("completions", words, output: output, status: &status) else { return status }
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            output.error("gazetteer completions: name one shell: bash, zsh or fish\n\n\(completionsUsage)")
            return 2
        }
        guard let script = ShellCompletions.script(for: shell) else {
            let hint = NameSuggestion.hint(for: shell, in: ShellCompletions.shells)
            output.error("gazetteer completions: no completions for \"\(shell)\"\(hint); there are bash, zsh and fish")
            return 2
        }
        output.print(String(script.dropLast()))
        return 0
    }

    static func manpage(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("manpage", words, output: output, status: &status) else { return status }
        if let extra = arguments.positionals.first {
            output.error("gazetteer manpage: unexpected argument \"\(extra)\"\n\n\(manpageUsage)")
            return 2
        }
        output.print(String(ManPage.roff.dropLast()))
        return 0
    }
}
