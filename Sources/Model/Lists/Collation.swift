import Foundation

/// The initial a name is grouped under in a list, and where that letter goes in the
/// alphabet of the guide's `language`: computed here, the same on every machine (no ICU
/// locale data is consulted).
///
/// - Latin letters fold their accents (`É` under `E`, `Ø` under `O`), except the letters a
///   language sorts as letters of their own: `Å`, `Ä`, `Ö` after `Z` in Swedish and
///   Finnish; `Æ`, `Ø`, `Å` after `Z` in Danish and Norwegian; `Ñ` after `N` in Spanish;
///   and so on (see `tailoring`).
/// - Other scripts group by their first letter, accents folded (`Ά` under `Α`), after the
///   Latin letters, in the order of their code points.
/// - A name that starts with no letter (a digit, a quote) is under `#`, before `A`.
package struct Initial: Hashable, Comparable, Sendable {
    /// As shown: `A`, `Å`, `Ω`, `東`, `#`.
    package var letter: String
    /// Its place in the alphabet: lower comes first.
    package var rank: Int

    package init(letter: String, rank: Int) {
        self.letter = letter
        self.rank = rank
    }

    package static func < (a: Initial, b: Initial) -> Bool { a.rank != b.rank ? a.rank < b.rank : a.letter < b.letter }

    /// A fragment identifier for the letter's heading: `letter-a`, `letter-c5` (for `Å`),
    /// `letter-0` (for `#`).
    package var anchor: String {
        if rank == 0 { return "letter-0" }
        if letter.utf8.count == 1, let byte = letter.utf8.first, byte >= 0x41, byte <= 0x5A {
            return "letter-" + letter.lowercased()
        }
        return "letter-" + letter.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }
}

package struct Collation: Sendable {
    /// The language's own letters: each after the Latin letter it names (rank of that
    /// letter + its position), or after `Z`.
    private let own: [String: Int]

    /// `language` as in `gazetteer.yaml` (`sv`, `sv-SE`, `en_GB`): its first part decides.
    package init(language: String) {
        let code = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        var own: [String: Int] = [:]
        for (after, letters) in Self.tailoring[code] ?? [] {
            let base = after == "Z" ? Self.latinRank("Z") + 10 : Self.latinRank(after) + 1
            for (offset, letter) in letters.enumerated() { own[String(letter)] = base + offset }
        }
        self.own = own
    }

    /// Letters that are letters of their own, by language: each group sorts right after
    /// the letter named first.
    static let tailoring: [String: [(Character, String)]] = [
        "sv": [("Z", "ÅÄÖ")],
        "fi": [("Z", "ÅÄÖ")],
        "da": [("Z", "ÆØÅ")],
        "nb": [("Z", "ÆØÅ")],
        "nn": [("Z", "ÆØÅ")],
        "no": [("Z", "ÆØÅ")],
        "es": [("N", "Ñ")],
        "tr": [("C", "Ç"), ("G", "Ğ"), ("O", "Ö"), ("S", "Ş"), ("U", "Ü")],
        "pl": [("A", "Ą"), ("C", "Ć"), ("E", "Ę"), ("L", "Ł"), ("N", "Ń"), ("O", "Ó"), ("S", "Ś"), ("Z", "ŹŻ")],
        "cs": [("C", "Č"), ("R", "Ř"), ("S", "Š"), ("Z", "Ž")],
        "de": [],
    ]

    /// Latin letters without a decomposition, folded by hand.
    private static let folded: [String: String] = [
        "Æ": "A", "Ø": "O", "Œ": "O", "Ł": "L", "Đ": "D", "Ð": "D", "Þ": "T", "Ŋ": "N", "Ħ": "H", "ẞ": "S", "ß": "S",
    ]

    private static func latinRank(_ letter: Character) -> Int {
        Int(letter.asciiValue! - 0x40) * 100
    }

    /// The initial of `name`: its first letter, grouped as the language groups it.
    package func initial(of name: String) -> Initial {
        // Leading quotes and spaces are passed over ('s-Hertogenbosch is under S); digits are not.
        guard let first = name.first(where: { $0.isLetter || $0.isNumber }), first.isLetter else {
            return Initial(letter: "#", rank: 0)
        }
        // ASCII: no folding to do.
        if let ascii = first.asciiValue {
            let upper = Character(Unicode.Scalar(ascii >= 0x61 ? ascii - 0x20 : ascii))
            return Initial(letter: String(upper), rank: Self.latinRank(upper))
        }
        let upper = String(first).uppercased()
        if let rank = own[upper] { return Initial(letter: upper, rank: rank) }
        var base = Self.folded[upper] ?? upper.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        if let first = base.first { base = String(first) }
        if let rank = own[base] { return Initial(letter: base, rank: rank) }
        if let character = base.first, let ascii = character.asciiValue, ascii >= 0x41, ascii <= 0x5A {
            return Initial(letter: base, rank: Self.latinRank(character))
        }
        let scalar = base.unicodeScalars.first.map { Int($0.value) } ?? 0
        return Initial(letter: base, rank: 10_000 + scalar)
    }
}
