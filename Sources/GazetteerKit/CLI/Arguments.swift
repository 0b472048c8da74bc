import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// A small command-line parser: `--name value`, `--name=value`, `--flag`, positionals,
/// and `--` to end options. Unknown options are usage errors.
struct Arguments {
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Options that take a value, and flags that do not.
    var valued: Set<String>
    var flags: Set<String>

    private(set) var values: [String: String] = [:]
    private(set) var present: Set<String> = []
    private(set) var positionals: [String] = []

    init(valued: Set<String> = [], flags: Set<String> = []) {
        self.valued = valued
        self.flags = flags
    }

    mutating func parse(_ words: some Sequence<String>) throws(UsageError) {
        var iterator = words.makeIterator()
        var optionsEnded = false
        while let word = iterator.next() {
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            var name = word
            var inline: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            }
            if valued.contains(name) {
                guard let value = inline ?? iterator.next(), !value.isEmpty else {
                    throw UsageError(description: "\(name) needs a value")
                }
                if values[name] != nil { throw UsageError(description: "\(name) is given twice") }
                values[name] = value
            } else if flags.contains(name) {
                if inline != nil { throw UsageError(description: "\(name) takes no value") }
                present.insert(name)
            } else {
                throw UsageError(description: "unknown option \(name)"
                    + NameSuggestion.hint(for: name, in: valued.union(flags)))
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { present.contains(flag) }
}
