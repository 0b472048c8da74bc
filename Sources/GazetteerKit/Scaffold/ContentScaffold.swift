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

/// `gazetteer new`: the text of new content files and of a new guide, and writing them
/// without ever replacing a file that exists.
enum ContentScaffold {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case exists(String)
        case emptyName
        /// A `--country` that is no country file's slug, with the slug meant when one is
        /// close (see `CountryNames`) and the name it matched, if it matched a name.
        case unknownCountry(String, suggestion: String?, named: String?)
        case folderNotEmpty(String)
        case cannotWrite(String, String)

        var description: String {
            switch self {
            case .exists(let path): "\(path) exists already; edit it, or choose another name"
            case .emptyName: "the name has no letter or digit to make a file name from"
            case .unknownCountry(let slug, let suggestion?, let name?):
                "unknown country \"\(slug)\" (did you mean \"\(suggestion)\", the country named \(name)?): use --country \(suggestion)"
            case .unknownCountry(let slug, let suggestion, _):
                "unknown country \"\(slug)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
                    + ": create it first with `gazetteer new country NAME`"
            case .folderNotEmpty(let path): "\(path) exists and is not empty"
            case .cannotWrite(let path, let why): "cannot write \(path): \(why)"
            }
        }
    }

    /// The slugs of the country files in `folder` (`content/countries`), and the names,
    /// official names and aliases of those whose front matter can be read.
    static func countryNames(in folder: URL) -> CountryNames {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        var countries: [CountryNames.Country] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: folder.appending(path: file).path),
                  let source = try? SourceFile(path: file, contents: data),
                  let document = try? FrontMatterParser.parse(source),
                  case .mapping(let entries) = document.frontMatter.value else { continue }
            var names: [String] = []
            for key in ["name", "official_name", "aliases"] {
                guard let node = entries.first(where: { $0.key == key })?.value else { continue }
                if case .sequence(let items) = node.value { names += items.compactMap(\.text) } else if let text = node.text { names.append(text) }
            }
            countries.append(CountryNames.Country(slug: ContentKind.slug(ofPath: file), names: names))
        }
        return CountryNames(slugs: files.map { ContentKind.slug(ofPath: $0) }, countries: countries)
    }

    /// The front matter and body skeleton of a new country (the body's text, to be replaced,
    /// is `PlaceholderText`'s: a build warns while it is there).
    static func country(name: String, slug: String? = nil) -> String {
        let slug = slug ?? Slug.make(name)
        return """
        ---
        name: \(yamlQuoted(name))
        # official_name: "\(name.replacingOccurrences(of: "\"", with: ""))'s full official name"
        # capital: Capital City
        # motto: The national motto
        # continents: [Europe]          # Africa, Asia, Australasia, Europe, North America, South America
        # flag: flags/\(slug).svg        # without a flag the theme's placeholder flag is shown
        # iso: XX                       # its ISO 3166-1 code, for the maps, where the name is not ISO's
        ---

        \(PlaceholderText.country(name))

        """
    }

    /// The front matter and body skeleton of a new city of `country` (a slug).
    static func city(name: String, country: String, slug: String? = nil) -> String {
        let slug = slug ?? Slug.make(name)
        return """
        ---
        name: \(yamlQuoted(name))
        country: \(country)
        # picture: pictures/\(slug).jpg     # 4:3 works best; without one a placeholder is shown
        # position: 48.8566, 2.3522     # latitude, longitude, as map apps copy them: for its nearby cities
        ---

        \(PlaceholderText.city(name))

        """
    }

    /// A string as a double-quoted YAML scalar: safe whatever it holds (`NO`, `: `, quotes).
    /// YAML's double-quoted style accepts every JSON string escape, so the JSON quoting serves.
    static func yamlQuoted(_ text: String) -> String { LiveReload.jsonString(text) }

    /// Writes `text` to `url` only if nothing is there; creates the folders it needs.
    static func create(_ url: URL, text: String, shownAs path: String) throws(Failure) {
        let fm = FileManager.default
        guard !fm.fileExists(atPath: url.path) else { throw .exists(path) }
        do {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // O_EXCL semantics: `.withoutOverwriting` fails if the file appeared meanwhile.
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        } catch {
            throw .cannotWrite(path, error.localizedDescription)
        }
    }

    /// The files of a new, minimal guide: settings, one country with its flag, one city.
    static let siteFiles: [(path: String, text: String)] = [
        ("gazetteer.yaml", """
            # Settings of this guide. Everything here is optional; see `gazetteer build --help`.
            title: My Guide

            """),
        ("content/countries/iceland.md", """
            ---
            name: Iceland
            capital: Reykjavík
            continents: [Europe]
            flag: flags/iceland.svg
            ---

            An island country in the North Atlantic, just south of the Arctic Circle. Visit
            [Reykjavík](../cities/reykjavik.md), its capital.

            """),
        ("content/countries/flags/iceland.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="720" viewBox="0 0 25 18">
            <rect width="25" height="18" fill="#02529C"/>
            <path d="M0 9H25M9 0V18" stroke="#FFF" stroke-width="4"/>
            <path d="M0 9H25M9 0V18" stroke="#DC1E35" stroke-width="2"/>
            </svg>

            """),
        ("content/cities/reykjavik.md", """
            ---
            name: Reykjavík
            country: iceland
            ---

            The capital of Iceland, on the shore of Faxaflói bay.

            """),
    ]
}
