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

extension CommandLineTool {
    static let checkUsage = """
    Usage: gazetteer check [--source DIR]

    Runs every validation of a build (front matter, references between pages, links in
    Markdown, templates in strict mode, every image decoded) without writing the site.
    Prints every problem as path:line:col: message and exits 1 if there is any.
    """

    static func check(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("check", words, output: output, status: &status) else { return status }
        if let extra = arguments.positionals.first {
            output.error(unexpected("check", extra) + "\n\n\(checkUsage)")
            return 2
        }
        var options = BuildOptions(
            source: folder(arguments.value("--source")) ?? currentFolder,
            cache: folder(arguments.value("--cache")), writeOutput: false)
        options.waitForOtherBuilds = !arguments.has("--no-wait")
        options.strict = arguments.has("--strict")
        options.notice = output.error
        do throws(DiagnosticList) {
            let summary = try SiteBuild.run(options)
            for warning in summary.warnings { output.error(warning.description) }
            let warnings = summary.warnings.count
            for line in Drafts.listing(summary.drafts) { output.print(line) }
            output.print("No problems found (\(summary.pages) pages checked)"
                         + (warnings == 0 ? "" : "; \(warnings) warning\(warnings == 1 ? "" : "s") (--strict makes them errors)"))
            return 0
        } catch {
            for diagnostic in error.diagnostics { output.error(diagnostic.description) }
            output.error("gazetteer check: \(Self.count(error.diagnostics)) found")
            return 1
        }
    }
}
