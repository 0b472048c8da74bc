import Foundation
import Load
import Diagnostics

extension CommandLineTool {
    static let themeUsage = """
    Usage: gazetteer theme eject [--source DIR] [--force]

    Writes the built-in theme into DIR/templates/ (templates, partials, assets and
    placeholder pictures), to change as you like. You need not eject to change one file:
    a guide's templates/ overrides the built-in theme file by file, so a templates/ holding
    only partials/footer.mustache, or only assets/style.css, changes just that. Files already
    in templates/ are never replaced unless --force is given.
    """

    static func theme(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("theme", words, output: output, status: &status) else { return status }
        guard arguments.positionals == ["eject"] else {
            let given = arguments.positionals.first.map { "unknown theme command \"\($0)\"" + NameSuggestion.hint(for: $0, in: ["eject"]) }
            output.error("gazetteer theme: \(given ?? "say what to do: eject")\n\n\(themeUsage)")
            return 2
        }
        let source = folder(arguments.value("--source")) ?? currentFolder
        if arguments.value("--source") == nil, !isGuide(source) {
            output.error("gazetteer theme: \(source.path) is not a guide (it has no content/ and no gazetteer.yaml); name one with --source DIR")
            return 1
        }
        let templates = source.appending(path: "templates")
        let files = DefaultTheme.files
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: templates.appending(path: $0).path) }
        if !existing.isEmpty, !arguments.has("--force") {
            let shown = existing.prefix(3).map { "templates/\($0)" }.joined(separator: ", ")
                + (existing.count > 3 ? " and \(existing.count - 3) more" : "")
            output.error("gazetteer theme: \(shown) already exist\(existing.count == 1 ? "s" : ""); nothing was written. "
                         + "Run with --force to replace \(existing.count == 1 ? "it" : "them") with the built-in theme's.")
            return 1
        }
        do {
            for file in files {
                let target = templates.appending(path: file.path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: target)
            }
        } catch {
            output.error("gazetteer theme: cannot write \(templates.path): \(error.localizedDescription)")
            return 1
        }
        output.print("Wrote the built-in theme to templates/ (\(files.count) files). Files you leave unchanged can be deleted: "
                     + "the built-in theme's own are used for every file templates/ does not have.")
        return 0
    }
}
