import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// Reads typed fields out of one file's front matter, collecting located problems.
package struct FrontMatterFields {
    private let content: ParsedContent
    private var entries: [String: YAMLEntry] = [:]
    /// Keys the generator does not know, in file order, for templates.
    package private(set) var extra: [YAMLEntry] = []
    /// Errors: the file gives no entry while it has one.
    package private(set) var problems: [Diagnostic] = []
    /// A city's country that names no country file (see `reference`).
    package private(set) var unknownCountry: UnknownCountry?
    /// Merely odd things (a key that looks like a known one misspelt, beside it).
    package private(set) var warnings: [Diagnostic] = []

    package init(_ content: ParsedContent, known: Set<String>) {
        self.content = content
        if case .mapping(let list) = content.document.frontMatter.value {
            for entry in list {
                if known.contains(entry.key) { entries[entry.key] = entry } else { extra.append(entry) }
            }
            // An unknown key a typo away from a known one the file lacks is that key misspelt
            // (`pictrue`), not an extra field: otherwise the picture would silently not show.
            // Beside the key it resembles, it may be an extra meant as it is: a warning, and
            // only where it is clearly a slip (`captial` below `capital`, not `capitals`).
            let present = Set(entries.keys)
            for entry in extra {
                if let meant = NameSuggestion.closest(to: entry.key, in: known.subtracting(present)) {
                    problems.append(Diagnostic("unknown key \"\(entry.key)\" (did you mean \"\(meant)\"?)", at: entry.keyLocation))
                } else if let meant = NameSuggestion.misspelling(of: entry.key, among: present) {
                    warnings.append(.warning(
                        "\"\(entry.key)\" looks like a misspelling of \"\(meant)\" (set on line \(entries[meant]!.keyLocation.line)); "
                            + "extras are fine, but rename it if you meant \(meant)",
                        at: entry.keyLocation))
                }
            }
        }
    }

    /// The value of a key the generator does not know (`country` in a country's file).
    package func extraEntry(_ key: String) -> YAMLEntry? { extra.first { $0.key == key } }

    /// A known key's entry, if the file has it.
    func entry(_ key: String) -> YAMLEntry? { entries[key] }

    /// Adds an error found by a field's reader in another file (see `FrontMatterFields+Places`).
    mutating func fail(_ message: String, at location: SourceLocation) {
        problems.append(Diagnostic(message, at: location))
    }

    /// Adds a warning found outside the fields (in the body).
    package mutating func warn(_ message: String, at location: SourceLocation) {
        warnings.append(.warning(message, at: location))
    }

    private var fileStart: SourceLocation { content.document.frontMatter.location }

    package mutating func required(_ key: String) -> String? {
        guard entries[key] != nil else {
            problems.append(Diagnostic("missing required field \"\(key)\"", at: fileStart))
            return nil
        }
        guard let text = optionalText(key), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            if problems.isEmpty || problems.last?.location != entries[key]!.value.location {
                problems.append(Diagnostic("\"\(key)\" must not be empty", at: entries[key]!.value.location))
            }
            return nil
        }
        return text
    }

    /// The value as written (`name: 007` is "007"; any scalar but null is text).
    package mutating func optionalText(_ key: String) -> String? {
        guard let entry = entries[key] else { return nil }
        if case .null = entry.value.value { return nil }
        guard let text = entry.value.text else {
            problems.append(Diagnostic("\"\(key)\" must be text", at: entry.value.location))
            return nil
        }
        return text
    }

    /// A list of texts (`aliases: [Holland, The Netherlands]`); one text is a list of one.
    /// Absent or empty is an empty list.
    package mutating func textList(_ key: String) -> [String] {
        guard let entry = entries[key] else { return [] }
        let nodes: [YAMLNode]
        switch entry.value.value {
        case .null: return []
        case .sequence(let items): nodes = items
        case .string, .bool, .int, .double: nodes = [entry.value]
        default:
            problems.append(Diagnostic("\"\(key)\" must be a list of texts such as [Holland]", at: entry.value.location))
            return []
        }
        var result: [String] = []
        for node in nodes {
            if let text = node.text, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                result.append(text)
            } else {
                problems.append(Diagnostic("each of \"\(key)\" must be a text that is not empty", at: node.location))
            }
        }
        return result
    }

    /// `redirect_from: [old-slug, ...]`: the slugs the entry had before, each one that a file
    /// of this kind could have as its name (`gazetteer new`'s slug of itself, and not the name
    /// of a page of the City Guide); one text is a list of one.
    package mutating func redirects(_ kind: ContentKind) -> [ContentEntry.Redirect] {
        let key = "redirect_from"
        guard let entry = entries[key] else { return [] }
        let nodes: [YAMLNode]
        switch entry.value.value {
        case .null: return []
        case .sequence(let items): nodes = items
        case .string, .int: nodes = [entry.value]
        default:
            problems.append(Diagnostic("\"\(key)\" must be a list of old file names such as [old-name]", at: entry.value.location))
            return []
        }
        var result: [ContentEntry.Redirect] = []
        for node in nodes {
            guard let text = node.text else {
                problems.append(Diagnostic("each of \"\(key)\" must be an old file name, such as old-name", at: node.location))
                continue
            }
            if let problem = ContentEntry.Redirect.problem(withSlug: text, kind: kind) {
                problems.append(Diagnostic(problem, at: node.location))
                continue
            }
            result.append(ContentEntry.Redirect(slug: text, location: node.location))
        }
        return result
    }

    /// `continent: Europe` or `continents: [Asia, Europe]`, each a configured continent; none
    /// is a warning (the country shows in no section of the gallery).
    package mutating func continents(_ configured: [Continent]) -> [Continent] {
        if let one = entries["continent"], let many = entries["continents"] {
            problems.append(Diagnostic("write either \"continent\" or \"continents\", not both (continent is on line \(one.keyLocation.line))", at: many.keyLocation))
            return []
        }
        var nodes: [YAMLNode] = []
        if let one = entries["continent"] {
            nodes = [one.value]
        } else if let many = entries["continents"] {
            switch many.value.value {
            case .sequence(let items): nodes = items
            case .string, .bool, .int, .double: nodes = [many.value]
            default:
                problems.append(Diagnostic("\"continents\" must be a list such as [Asia, Europe]", at: many.value.location))
            }
        }
        var result: [Continent] = []
        for node in nodes {
            guard let name = node.text else {
                problems.append(Diagnostic("a continent must be a name", at: node.location))
                continue
            }
            guard let continent = configured.first(where: { $0.name == name }) else {
                problems.append(Diagnostic(
                    "unknown continent \"\(name)\"" + NameSuggestion.hint(for: name, in: configured.map(\.name)),
                    at: node.location))
                continue
            }
            if !result.contains(continent) { result.append(continent) }
        }
        if nodes.isEmpty, problems.isEmpty, let example = configured.first {
            let at = entries["continents"]?.value.location ?? fileStart
            warnings.append(.warning(
                "this country has no continent, so it is missing from the flag gallery and the continent pages "
                    + "(add one, such as \"continent: \(example.name)\"; the guide's continents are \(configured.map(\.name).joined(separator: ", ")))",
                at: at))
        }
        return result
    }

    /// A slug that must be one of `slugs` (a city's country). One that is not is kept in
    /// `unknownCountry`, to be reported when every country is known.
    package mutating func reference(_ key: String, among slugs: Set<String>) -> String? {
        guard let slug = required(key) else { return nil }
        guard slugs.contains(slug) else {
            unknownCountry = UnknownCountry(written: slug, location: entries[key]!.value.location)
            return nil
        }
        return slug
    }

    /// An image path resolved inside the site, or the theme's placeholder when absent.
    package mutating func image(_ key: String, paths: ContentPath, placeholder: URL) -> ImageSource? {
        guard let entry = entries[key], let written = entry.value.text, !written.isEmpty else {
            if let entry = entries[key], entry.value.value != .null {
                problems.append(Diagnostic("\"\(key)\" must be the path of an image file", at: entry.value.location))
                return nil
            }
            return ImageSource(file: placeholder, written: "placeholder", location: fileStart, isPlaceholder: true)
        }
        switch paths.resolve(written, from: content.file.path) {
        case .success(let url):
            return ImageSource(file: url, written: written, location: entry.value.location)
        case .failure(let failure):
            let hint = failure == .missing ? paths.missingHint(written, from: content.file.path) : ""
            problems.append(Diagnostic(failure.message(for: written, what: key) + hint, at: entry.value.location))
            return nil
        }
    }
}
