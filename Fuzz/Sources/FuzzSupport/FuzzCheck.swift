import GazetteerKit
import Diagnostics

/// What every fuzz target checks beyond "no crash": a problem is reported in words, at a
/// place inside the text it is about.
public enum FuzzCheck {
    /// Every diagnostic names a line of `text` (or the one after its end) and a column no
    /// further than one past the longest line. Lines are counted generously (LF, CR, CRLF,
    /// NEL, LS and PS all end one) because the parsers do not all agree on a lone CR: this
    /// checks that a place is in the file, not which convention found it.
    public static func located(_ list: DiagnosticList, in text: String, firstLine: Int = 1) {
        precondition(!list.diagnostics.isEmpty, "an error without a message")
        let (lines, longest) = measure(text)
        for diagnostic in list.diagnostics {
            let line = diagnostic.location.line - firstLine + 1
            precondition(!diagnostic.message.isEmpty, "an empty message at \(diagnostic.location)")
            precondition(line >= 1 && line <= lines + 1, "\(diagnostic) is outside the \(lines) lines")
            precondition(diagnostic.location.column >= 1 && diagnostic.location.column <= longest + 2,
                         "\(diagnostic) is right of the longest line (\(longest) characters)")
        }
    }

    /// How many lines `text` has at most, and the width in Unicode scalars of its longest line.
    private static func measure(_ text: String) -> (lines: Int, longest: Int) {
        var lines = 1, longest = 0, width = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines += 1
                if scalar == "\n" { width = 0 } else { width += 1 }
            default:
                width += 1
            }
            longest = max(longest, width)
        }
        return (lines, longest)
    }
}
