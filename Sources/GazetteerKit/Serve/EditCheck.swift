import Foundation
import Diagnostics
import Load
import FrontMatter
import Images
import Model

/// A problem that stops an edit, in the words the build uses, with the form field it belongs
/// to (a front matter key, `body` for the Markdown text, nil for none).
struct EditProblem: Error, Equatable, Sendable {
    var field: String?
    var message: String

    var json: [String: Any] { ["field": EditJSON.orNull(field), "message": message] }
}

/// Whether an edit would break the build, found by running the build's own stages (front
/// matter, Markdown, fields, the picture's thumbnail plans) on the new bytes of that one file
/// in memory, against the last build's model. Nothing is written when there is a problem.
enum EditCheck {
    /// The problems the build would report in `bytes` as the content file at `path`.
    /// `isNew`: the file is being made (its name must give a page no other file has).
    /// `context`: the build's context as the change would leave it (a rename's), if not the last build's.
    static func problems(_ bytes: [UInt8], path: String, kind: ContentKind, isNew: Bool, basis: EditBasis,
                         context: ContentEntry.SourceContext? = nil) -> [EditProblem] {
        var diagnostics: [Diagnostic] = []
        let file = SiteLoader.ScannedFile(path: path, kind: kind, stamp: nil)
        if isNew {
            if let problem = file.nameProblem { diagnostics.append(problem) }
            if let other = basis.pathOfPage[file.outputPath], other != path { diagnostics.append(file.duplicate(of: other)) }
        }
        let entry: EditEntry
        do throws(DiagnosticList) {
            entry = try EditEntry(path: path, bytes: bytes)
        } catch {
            return mapped(diagnostics + error.diagnostics, path: path, entry: nil)
        }
        let planner = basis.freshPlanner()
        let headLength = max(0, bytes.count - entry.document.body.utf8.count)
        let (made, _, unknownCountry) = ContentEntry.process(
            ParsedContent(file: SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self)), document: entry.document),
            digest: Digest(of: bytes), frontMatterDigest: Digest(of: bytes.prefix(headLength)), kind: kind, validate: true,
            context: context.map { var adjusted = $0; adjusted.planner = planner; return adjusted } ?? basis.context(with: planner),
            diagnostics: &diagnostics)
        if let unknownCountry {
            let countries = basis.site.countries
            diagnostics.append(unknownCountry.diagnostic(CountryNames(slugs: countries.map(\.slug), entries: countries)))
        }
        if let made, !made.image.isPlaceholder {
            for preset in (kind == .country ? basis.presets.flag : basis.presets.picture).sorted() {
                _ = planner.plan(made.image, preset: preset, stem: made.image.stem)
            }
        }
        diagnostics += planner.diagnostics
        return mapped(diagnostics, path: path, entry: entry)
    }

    /// What deleting the country `slug` would break: each city that still belongs to it, with
    /// the message the build would give for it then.
    static func deletion(ofCountry slug: String, basis: EditBasis) -> [EditProblem] {
        guard let country = basis.site.country(slug) else { return [] }
        var context = basis.context(with: basis.freshPlanner())
        context.countrySlugs.remove(slug)
        let others = basis.site.countries.filter { $0.slug != slug }
        let remaining = CountryNames(slugs: others.map(\.slug), entries: others)
        var diagnostics: [Diagnostic] = []
        for city in basis.site.cities(of: country) {
            let url = basis.root.appending(path: city.path)
            guard let data = FileManager.default.contents(atPath: url.path),
                  let entry = try? EditEntry(path: city.path, bytes: [UInt8](data)) else {
                diagnostics.append(Diagnostic("\(city.name) belongs to \(country.name)", at: SourceLocation(path: city.path)))
                continue
            }
            var found: [Diagnostic] = []
            let (_, _, unknownCountry) = ContentEntry.process(
                ParsedContent(file: SourceFile(path: city.path, text: String(decoding: data, as: UTF8.self)), document: entry.document),
                digest: Digest(of: data), frontMatterDigest: Digest(of: data), kind: .city, validate: true, context: context,
                diagnostics: &found)
            if let unknownCountry { found.append(unknownCountry.diagnostic(remaining)) }
            diagnostics += found.filter { $0.location.path == city.path && !$0.isWarning }
        }
        let names = basis.site.cities(of: country).map(\.name)
        guard !names.isEmpty else { return [] }
        let summary = "\(country.name) still has \(names.count == 1 ? "a city" : "\(names.count) cities"): "
            + names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            + "; give \(names.count == 1 ? "it" : "them") another country or delete \(names.count == 1 ? "it" : "them") first"
        return [EditProblem(field: nil, message: summary)] + diagnostics.sorted().map { EditProblem(field: nil, message: $0.description) }
    }

    /// The errors located in `path`, each with its field: the key on whose lines it lies, or
    /// `body` below the front matter.
    private static func mapped(_ diagnostics: [Diagnostic], path: String, entry: EditEntry?) -> [EditProblem] {
        let entries = entry?.entries ?? []
        return diagnostics.filter { $0.location.path == path && !$0.isWarning }.sorted().map { diagnostic in
            let line = diagnostic.location.line
            var field: String?
            let missing = "missing required field \""
            if diagnostic.message.hasPrefix(missing) {
                field = String(diagnostic.message.dropFirst(missing.count).prefix { $0 != "\"" })
            } else if let entry, line >= entry.document.bodyStartLine {
                field = "body"
            } else if line > 1 {
                field = entries.last { $0.keyLocation.line <= line }?.key
            }
            return EditProblem(field: field, message: diagnostic.description)
        }
    }
}
