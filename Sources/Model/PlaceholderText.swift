/// The sentences `gazetteer new` writes in a new file's body for the editor to replace:
/// the scaffold writes them from here, and a body that still holds one is found here (a
/// warning: the page would publish them).
package enum PlaceholderText {
    /// A new country's body.
    package static func country(_ name: String) -> String {
        """
        Two or three short paragraphs about \(name): where it lies, what languages are spoken,
        what a visitor might see. Link to its cities by their files:
        `[Name](../cities/slug.md)`.
        """
    }

    /// A new city's body.
    package static func city(_ name: String) -> String {
        "One line on what \(name) is, then a paragraph or two about it."
    }

    /// The words of each sentence before and after the name (which may be any, as the file
    /// may have been renamed since), spaces single.
    private static let sentences: [(before: String, after: String)] = [
        ("Two or three short paragraphs about ", ": where it lies, what languages are spoken, what a visitor might see."),
        ("One line on what ", " is, then a paragraph or two about it."),
    ]

    /// The 1-based line of `body` on which a placeholder sentence starts, if one is there,
    /// however its lines were wrapped; nil when there is none.
    package static func line(in body: String) -> Int? {
        // Every sentence has the word: most bodies are passed over at the cost of one search.
        guard body.contains("paragraph") else { return nil }
        // The body with each run of white space as one space, and the line of each character.
        var text: [Character] = [], lines: [Int] = []
        var line = 1, inSpace = false
        for character in body {
            if character.isWhitespace {
                if !inSpace, !text.isEmpty { text.append(" "); lines.append(line) }
                inSpace = true
                if character.isNewline { line += 1 }
            } else {
                text.append(character)
                lines.append(line)
                inSpace = false
            }
        }
        let joined = String(text)
        for sentence in sentences {
            var searchFrom = joined.startIndex
            while let before = joined.range(of: sentence.before, range: searchFrom..<joined.endIndex) {
                // A name is short: the rest of the sentence follows within a line's length.
                let window = joined.index(before.upperBound, offsetBy: 200 + sentence.after.count, limitedBy: joined.endIndex) ?? joined.endIndex
                if joined.range(of: sentence.after, range: before.upperBound..<window) != nil {
                    return lines[joined.distance(from: joined.startIndex, to: before.lowerBound)]
                }
                searchFrom = before.upperBound
            }
        }
        return nil
    }
}
