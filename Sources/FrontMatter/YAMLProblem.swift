/// libyaml's syntax errors in the words an editor uses, with what to do about them. libyaml
/// describes what its scanner expected ("did not find expected key, while parsing a block
/// mapping"); an editor wants to know what is wrong with their line. The mistakes editors
/// make most are recognised from the problem and the text at it; any other problem keeps
/// libyaml's own words.
struct YAMLProblem {
    /// libyaml's `problem` and `context` texts.
    var problem: String
    var context: String?
    /// The line the problem is on, the line before it, and the character at the problem.
    var line: Substring
    var previousLine: Substring?
    var character: Character?
    /// Where what was left open began (`line 2, column 7`), when libyaml says.
    var opening: String?

    /// A plain message, or nil to keep libyaml's.
    var plainMessage: String? {
        let since = opening.map { " at \($0)" } ?? " here"
        if character == "\t" || problem.contains("tab character") {
            return "this line is indented with a tab, and YAML accepts only spaces: replace the tab with spaces"
        }
        if problem.contains("end of stream"), context?.contains("quoted scalar") == true {
            return "the quoted text that starts\(since) is never closed: add the closing quote"
        }
        if problem.contains("expected ',' or ']'") {
            return "the list that starts\(since) is not closed: end it with ] (and put any text holding a comma or colon in quotes)"
        }
        if problem.contains("expected ',' or '}'") {
            return "the mapping that starts\(since) is not closed: end it with } (and put any text holding a comma or colon in quotes)"
        }
        if problem.contains("did not find expected key"), let character, character.isLetter || character.isNumber,
           line.filter({ $0 == "'" }).count >= 3 {
            return "an apostrophe ends the single-quoted text early: write it twice inside single quotes ('Côte d''Ivoire') or use double quotes (\"Côte d'Ivoire\")"
        }
        if problem.contains("mapping values are not allowed") {
            if line.first == " ", let previousLine, previousLine.contains(": "), !previousLine.hasSuffix(":") {
                return "this line is indented under a key that already has a value: remove the spaces before it"
            }
            return "a second colon and space on this line: put the value in quotes (name: \"Paris: the capital\")"
        }
        if problem.contains("did not find expected key") {
            return "this line does not read as `key: value` here: check its indentation and the quotes on it and on the line before"
        }
        if problem.contains("did not find expected '-' indicator") {
            return "a list item and a `key: value` are mixed at the same indentation: start each list item with \"- \", or indent the key"
        }
        if problem.contains("cannot start any token"), let character {
            return "a value cannot start with \"\(character)\": put it in quotes"
        }
        if problem.contains("found unknown escape character") {
            return "a backslash inside double quotes starts an escape YAML does not know: write \\\\ for a backslash, or use single quotes"
        }
        return nil
    }
}
