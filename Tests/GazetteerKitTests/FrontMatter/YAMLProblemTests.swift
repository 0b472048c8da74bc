import Testing
@testable import GazetteerKit
@testable import Diagnostics
@testable import FrontMatter

/// The YAML mistakes editors make, each in plain words with what to do, located at the line.
@Suite struct YAMLProblemTests {
    func error(_ text: String) -> String {
        do {
            let node = try YAMLParser.parse(text, path: "peru.md")
            Issue.record("expected an error, parsed \(node)")
            return ""
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test func aTabUsedForIndentation() {
        #expect(error("name: Lima\n\tcapital: x\n")
            == "peru.md:2:1: this line is indented with a tab, and YAML accepts only spaces: replace the tab with spaces")
    }

    @Test func anApostropheInsideSingleQuotes() {
        #expect(error("name: 'Côte d'Ivoire'\ncapital: x\n").hasPrefix(
            "peru.md:1:15: an apostrophe ends the single-quoted text early: write it twice inside single quotes ('Côte d''Ivoire')"))
    }

    @Test func unclosedQuotesListsAndMappingsNameWhereTheyOpened() {
        #expect(error("name: \"Lima\ncapital: x\n") == "peru.md:1:7: the quoted text that starts here is never closed: add the closing quote")
        #expect(error("continents: [Asia, Europe\ncapital: x\n").hasPrefix(
            "peru.md:2:8: the list that starts at line 1, column 13 is not closed: end it with ]"))
        #expect(error("size: {width: 1\n").contains("the mapping that starts here is not closed: end it with }"))
    }

    @Test func aSecondColonAndAStrayIndentation() {
        #expect(error("motto: Peace: Bread\n").hasSuffix("put the value in quotes (name: \"Paris: the capital\")"))
        #expect(error("name: Lima\n  capital: x\n")
            == "peru.md:2:10: this line is indented under a key that already has a value: remove the spaces before it")
    }

    @Test func otherMistakesStillSayWhatIsWrong() {
        #expect(error("- a\nb: c\n").contains("a list item and a `key: value` are mixed"))
        #expect(error("name: @home\n") == "peru.md:1:7: a value cannot start with \"@\": put it in quotes")
        #expect(error("name: \"C:\\qx\"\n").contains("an escape YAML does not know: write \\\\ for a backslash"))
        #expect(error("name: - a\n").contains("malformed YAML"), "no plain words known: libyaml's kept")
    }
}
