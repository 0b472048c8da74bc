import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// `gazetteer manpage`: the manual page, in roff, made from the same help texts that
/// `gazetteer help COMMAND` prints (`make install` writes it to share/man/man1).
enum ManPage {
    static var roff: String {
        var page = [
            ".TH GAZETTEER 1 \"\" \"gazetteer \(GazetteerVersion.current)\" \"User Commands\"",
            ".SH NAME",
            "gazetteer \\- a static site generator for guides of countries and cities",
            ".SH SYNOPSIS",
            ".B gazetteer",
            ".I command",
            "[\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            "Gazetteer turns a folder of Markdown files, one per country and one per city with YAML",
            "front matter on top, into a browsable site: an index table of countries, a page per",
            "country and per city, a City Guide and a flag gallery sectioned by continent, with",
            "every picture a thumbnail made at build time.",
            "Every problem is reported as \\fIpath:line:col: message\\fR, all at once, and the",
            "previous site is left as it was.",
            ".SH COMMANDS",
        ]
        for command in CommandCatalog.commands where command.name != "help" {
            page.append(".SS \"gazetteer \(command.name)\"")
            page.append(escaped(command.summary.prefix(1).uppercased() + command.summary.dropFirst()) + ".")
            page.append(".PP")
            page.append(".nf")
            page.append(contentsOf: command.usage.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) })
            page.append(".fi")
            let options = command.options
            if !options.isEmpty {
                page.append(".PP")
                page.append("Options:")
                for option in options {
                    let names = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
                    page.append(".TP")
                    page.append(option.value == nil ? names : "\(names) \\fI\(option.placeholder)\\fR")
                    page.append(escaped(option.help))
                }
            }
        }
        page += [
            ".SH EXIT STATUS",
            "0 on success, 1 when the guide has errors, 2 on a usage error.",
            ".SH FILES",
            ".TP",
            ".I content/countries/*.md, content/cities/*.md",
            "one file per country and per city",
            ".TP",
            ".I gazetteer.yaml",
            "the guide's settings (optional)",
            ".TP",
            ".I templates/",
            "a theme of the guide's own (optional; the built-in theme otherwise)",
            ".TP",
            ".I .gazetteer-cache/",
            "thumbnails and the record of the last build, for incremental builds",
        ]
        return page.joined(separator: "\n") + "\n"
    }

    /// Text safe in a roff line: backslashes and hyphens escaped, no line starting a request.
    static func escaped(_ text: String) -> String {
        var line = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if line.hasPrefix(".") || line.hasPrefix("'") { line = "\\&" + line }
        return line
    }
}
