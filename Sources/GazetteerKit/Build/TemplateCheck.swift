import Mustache
import Diagnostics
import Model

/// Templates checked against what their pictures hold before anything renders: under `flag.`
/// and `picture.` a template may name `alt`, `placeholder` or a thumbnail preset of the
/// guide. Anything else (`{{#picture.cards}}`, a preset that does not exist) would render
/// nothing, silently, so it is an error located at the tag, with the nearest name.
enum TemplateCheck {
    static let imageKeys = ["alt", "placeholder"]

    static func problems(_ library: TemplateLibrary, presets: some Collection<String>) -> [Diagnostic] {
        let known = Set(imageKeys).union(presets)
        var problems: [Diagnostic] = []
        for lookup in library.lookups {
            let parts = lookup.components
            for (index, part) in parts.enumerated().dropLast() where part == "flag" || part == "picture" {
                if index > 0, parts[index - 1] == "extra" { continue }  // a front matter field of that name
                let key = parts[index + 1]
                guard !known.contains(key) else { continue }
                let hint = NameSuggestion.hint(for: key, in: known)
                let list = presets.sorted().joined(separator: ", ")
                problems.append(Diagnostic(
                    "unknown preset \"\(key)\" under \(part)\(hint): a picture has alt, placeholder and the presets \(list)",
                    at: SourceLocation(path: lookup.path, line: lookup.line, column: lookup.column)))
            }
        }
        return problems
    }

    /// Words templates name (`{{words.captial}}`) that no words file of the theme has: an
    /// error at the tag, with the nearest word, instead of a page that cannot render.
    static func unknownWords(_ library: TemplateLibrary, known: [String]) -> [Diagnostic] {
        let names = Set(known)
        var problems: [Diagnostic] = []
        for lookup in library.lookups {
            let parts = lookup.components
            guard parts.count > 1, parts[0] == "words", !names.contains(parts[1]) else { continue }
            let hint = NameSuggestion.hint(for: parts[1], in: names)
            problems.append(Diagnostic(
                "unknown word \"\(parts[1])\"\(hint): the theme's words are those of its words/<language>.yaml files "
                    + "(add it to templates/words/en.yaml, and to the other languages')",
                at: SourceLocation(path: lookup.path, line: lookup.line, column: lookup.column)))
        }
        return problems
    }

    /// The presets templates name under `flag.` and under `picture.`.
    static func presetsUsed(_ library: TemplateLibrary) -> (flag: Set<String>, picture: Set<String>) {
        var flag: Set<String> = [], picture: Set<String> = []
        for lookup in library.lookups {
            let parts = lookup.components
            for (index, part) in parts.enumerated().dropLast() where !imageKeys.contains(parts[index + 1]) {
                if index > 0, parts[index - 1] == "extra" { continue }
                if part == "flag" { flag.insert(parts[index + 1]) }
                if part == "picture" { picture.insert(parts[index + 1]) }
            }
        }
        return (flag, picture)
    }
}
