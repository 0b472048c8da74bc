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
    static let newUsage = """
    Usage:
      gazetteer new country NAME [--source DIR]
      gazetteer new city NAME --country SLUG [--source DIR]
      gazetteer new site DIR

    Creates content/countries/<slug>.md or content/cities/<slug>.md with its front matter
    filled in or left as commented placeholders; the slug (the file and page name) comes from
    NAME in any script, lower case (Côte d'Ivoire -> côte-d-ivoire, 大阪 -> 大阪), or with
    --ascii-slug in plain ASCII (cote-d-ivoire). Never replaces a file. `new site` makes a
    minimal guide that builds at once.
    """

    static func new(_ words: [String], output: TextOutput) -> Int32 {
        var status: Int32 = 0
        guard let arguments = parse("new", words, output: output, status: &status) else { return status }
        let positionals = arguments.positionals
        guard positionals.count == 2, ["country", "city", "site"].contains(positionals[0]) else {
            output.error("gazetteer new: say what to create and its name\n\n\(newUsage)")
            return 2
        }
        let (kind, name) = (positionals[0], positionals[1])
        if kind != "city", arguments.value("--country") != nil {
            output.error("gazetteer new: --country is for cities\n\n\(newUsage)")
            return 2
        }
        let source = folder(arguments.value("--source")) ?? currentFolder
        if kind != "site", arguments.value("--source") == nil, !isGuide(source) {
            output.error("""
                gazetteer new: \(source.path) is not a guide (it has no content/ and no gazetteer.yaml). \
                Run this in a guide's folder, name one with --source DIR, or start one with `gazetteer new site DIR`.
                """)
            return 1
        }
        do throws(ContentScaffold.Failure) {
            switch kind {
            case "site":
                let target = folder(name)!
                let contents = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
                if !contents.isEmpty { throw .folderNotEmpty(name) }
                for file in ContentScaffold.siteFiles {
                    try ContentScaffold.create(target.appending(path: file.path), text: file.text, shownAs: file.path)
                }
                output.print("Created a new guide in \(name). Build it with: gazetteer build --source \(name)")
            case "country":
                let slug = Slug.make(name, ascii: arguments.has("--ascii-slug"))
                guard !slug.isEmpty else { throw .emptyName }
                let path = "content/countries/\(slug).md"
                try ContentScaffold.create(
                    source.appending(path: path), text: ContentScaffold.country(name: name, slug: slug), shownAs: path)
                output.print("Created \(path)")
            default:
                guard let country = arguments.value("--country") else {
                    output.error("gazetteer new city: --country SLUG is required (the country the city belongs to)")
                    return 2
                }
                let slug = Slug.make(name, ascii: arguments.has("--ascii-slug"))
                guard !slug.isEmpty else { throw .emptyName }
                let countries = (try? FileManager.default.contentsOfDirectory(
                    atPath: source.appending(path: "content/countries").path)) ?? []
                let slugs = countries.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { ContentKind.slug(ofPath: $0) }
                guard slugs.contains(country) else {
                    let meant = ContentScaffold.countryNames(in: source.appending(path: "content/countries")).meant(by: country)
                    throw .unknownCountry(country, suggestion: meant?.slug, named: meant?.name)
                }
                let path = "content/cities/\(slug).md"
                try ContentScaffold.create(
                    source.appending(path: path), text: ContentScaffold.city(name: name, country: country, slug: slug), shownAs: path)
                output.print("Created \(path)")
            }
            return 0
        } catch {
            output.error("gazetteer new: \(error)")
            return 1
        }
    }

    /// Whether `folder` looks like a guide: it has `content/` or `gazetteer.yaml`.
    static func isGuide(_ folder: URL) -> Bool {
        ["content", "gazetteer.yaml"].contains { FileManager.default.fileExists(atPath: folder.appending(path: $0).path) }
    }

    static var currentFolder: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    static func folder(_ path: String?) -> URL? {
        path.map { URL(fileURLWithPath: $0, relativeTo: currentFolder).standardizedFileURL }
    }
}
