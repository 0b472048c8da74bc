import Foundation

/// Case- and accent-insensitive text, the same in Swift as in search.js's `fold` and `words`:
/// lowercase, canonical decomposition (NFD), combining marks (\p{M}) dropped, then a few letters
/// that do not decompose spelled out. Words are runs of letters and digits (\p{L}, \p{N}).
public enum Folding {
    /// Letters with no decomposition, as search.js spells them (keep the two tables identical).
    /// `ς` becomes `σ` because JavaScript lowercases a final capital sigma to `ς` and Swift to `σ`.
    static let letters: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i",
        "þ": "th", "ħ": "h", "ŧ": "t", "ŀ": "l", "ſ": "s", "ĳ": "ij", "ς": "σ",
    ]

    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var cache: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(scalar.value &- 0x41 < 26 ? Unicode.Scalar(scalar.value | 0x20)! : scalar)
            } else {
                folded.append(contentsOf: fold(scalar, cache: &cache))
            }
        }
        return String(folded)
    }

    /// The folded words of `text`, in order, repeats kept. One pass: ASCII (most of a body) is
    /// lowercased and split inline, other characters folded one by one (the same as folding the
    /// whole text, since marks, the only characters NFD reorders, are dropped).
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        var cache: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        func end() {
            if word.isEmpty { return }
            words.append(String(decoding: word, as: UTF8.self))
            word.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte &- 0x61 < 26 || byte &- 0x30 < 10 { word.append(byte) } else if byte &- 0x41 < 26 { word.append(byte | 0x20) } else { end() }
                continue
            }
            for folded in fold(scalar, cache: &cache) {
                if isWordScalar(folded) { word.append(contentsOf: UTF8.encode(folded)!) } else { end() }
            }
        }
        end()
        return words
    }

    /// One character other than ASCII, folded: lowercase, NFD, marks dropped, letters spelled.
    private static func fold(_ scalar: Unicode.Scalar, cache: inout [Unicode.Scalar: [Unicode.Scalar]]) -> [Unicode.Scalar] {
        if let folded = cache[scalar] { return folded }
        var folded: [Unicode.Scalar] = []
        for part in String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(part) {
            if let spelled = letters[part] { folded += spelled.unicodeScalars } else { folded.append(part) }
        }
        cache[scalar] = folded
        return folded
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return value &- 0x61 < 26 || value &- 0x41 < 26 || value &- 0x30 < 10
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
