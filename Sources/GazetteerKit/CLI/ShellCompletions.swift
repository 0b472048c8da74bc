import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// `gazetteer completions bash|zsh|fish`: completion scripts made from `CommandCatalog`.
/// Folders complete as folders, `--country` as the slugs under content/countries/ of the
/// guide being edited (`--source` or the current folder).
enum ShellCompletions {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    private static var commands: [CommandSpec] { CommandCatalog.commands }

    // MARK: bash

    static var bash: String {
        let topLevel = (CommandCatalog.names + ["--help", "--version"]).joined(separator: " ")
        let folders = optionNames { $0 == .folder }, countries = optionNames { $0 == .countrySlug }
        let free = optionNames { $0 == .number || $0 == .address }
        let cases = commands.map { command in
            "        \(command.name)) options=\"\(command.options.flatMap(\.names).joined(separator: " "))\";"
                + " words=\"\(command.words.joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        return """
        # bash completion for gazetteer (made by `gazetteer completions bash`)
        _gazetteer_countries() {
            local source=. i
            for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
                [[ ${COMP_WORDS[i]} == --source ]] && source=${COMP_WORDS[i + 1]}
            done
            local file
            for file in "$source"/content/countries/*.md; do
                [[ -e $file ]] && { file=${file##*/}; printf '%s\\n' "${file%.md}"; }
            done
        }

        _gazetteer() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
            COMPREPLY=()
            if ((COMP_CWORD == 1)); then
                COMPREPLY=($(compgen -W "\(topLevel)" -- "$cur"))
                return
            fi
            case $prev in
                \(folders)) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                \(countries)) COMPREPLY=($(compgen -W "$(_gazetteer_countries)" -- "$cur")); return ;;
                \(free)) return ;;
            esac
            local options="" words=""
            case ${COMP_WORDS[1]} in
        \(cases)
            esac
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            elif ((COMP_CWORD == 2)) && [[ -n $words ]]; then
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            fi
        }
        complete -F _gazetteer gazetteer

        """
    }

    private static func optionNames(_ matching: (CommandSpec.Value) -> Bool) -> String {
        var seen = Set<String>(), names: [String] = []
        for option in commands.flatMap(\.options) {
            guard let value = option.value, matching(value) else { continue }
            for name in option.names where seen.insert(name).inserted { names.append(name) }
        }
        return names.isEmpty ? "--never-an-option" : names.joined(separator: "|")
    }

    // MARK: zsh

    static var zsh: String {
        let described = commands.map { "    '\($0.name):\(quotedForZsh($0.summary))'" }.joined(separator: "\n")
        let cases = commands.map { command -> String in
            var specs = command.options.map(zshSpec)
            if !command.words.isEmpty { specs.append("'1:\(command.name == "help" ? "command" : "what"):(\(command.words.joined(separator: " ")))'") }
            return "        \(command.name)) _arguments \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
        #compdef gazetteer
        # zsh completion for gazetteer (made by `gazetteer completions zsh`)
        _gazetteer_countries() {
            local source=. i
            for ((i = 2; i < CURRENT; i++)); do
                [[ ${words[i]} == --source ]] && source=${words[i+1]}
            done
            local -a slugs
            slugs=("$source"/content/countries/*.md(N:t:r))
            compadd -a slugs
        }

        _gazetteer() {
            local -a commands
            commands=(
        \(described)
            )
            if ((CURRENT == 2)); then
                _describe 'command' commands
                compadd -- --help --version
                return
            fi
            local command=${words[2]}
            shift words
            ((CURRENT--))
            case $command in
        \(cases)
            esac
        }

        _gazetteer "$@"

        """
    }

    private static func zshSpec(_ option: CommandSpec.Option) -> String {
        let help = "[\(quotedForZsh(option.help).replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]"))]"
        let action: String
        switch option.value {
        case .folder: action = ":\(option.placeholder):_files -/"
        case .countrySlug: action = ":\(option.placeholder):_gazetteer_countries"
        case .number, .address: action = ":\(option.placeholder): "
        case nil: action = ""
        }
        if option.names.count == 1 { return "'\(option.names[0])\(help)\(action)'" }
        return "'(\(option.names.joined(separator: " ")))'{\(option.names.joined(separator: ","))}'\(help)\(action)'"
    }

    private static func quotedForZsh(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
    }

    // MARK: fish

    static var fish: String {
        var lines = [
            "# fish completion for gazetteer (made by `gazetteer completions fish`)",
            "function __gazetteer_countries",
            "    set -l source .",
            "    set -l words (commandline -opc)",
            "    for i in (seq (count $words))",
            "        if test \"$words[$i]\" = --source; and test $i -lt (count $words)",
            "            set source $words[(math $i + 1)]",
            "        end",
            "    end",
            "    for file in $source/content/countries/*.md",
            "        basename $file .md",
            "    end",
            "end",
            "complete -c gazetteer -f",
            "complete -c gazetteer -n __fish_use_subcommand -l version -d 'print the version'",
            "complete -c gazetteer -n __fish_use_subcommand -s h -l help -d 'show help'",
        ]
        for command in commands {
            let when = "'__fish_seen_subcommand_from \(command.name)'"
            lines.append("complete -c gazetteer -n __fish_use_subcommand -a \(command.name) -d '\(quotedForFish(command.summary))'")
            if !command.words.isEmpty {
                lines.append("complete -c gazetteer -n \(when) -a '\(command.words.joined(separator: " "))'")
            }
            for option in command.options {
                var line = "complete -c gazetteer -n \(when)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                switch option.value {
                case .folder: line += " -x -a '(__fish_complete_directories)'"
                case .countrySlug: line += " -x -a '(__gazetteer_countries)'"
                case .number, .address: line += " -x"
                case nil: break
                }
                lines.append(line + " -d '\(quotedForFish(option.help))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quotedForFish(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
