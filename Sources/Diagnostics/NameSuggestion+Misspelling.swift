extension NameSuggestion {
    /// The candidate that `name` is a slip of, by a stricter rule than `closest`'s, for a name
    /// that may well be meant as it is: an extra front matter key beside the known key it
    /// resembles (`captial` below `capital`). A slip is at least 4 characters long and one
    /// edit away (two from a candidate of 8 or more); a name that is the candidate with more
    /// around it (`capitals`, `name_en`, `old_name`) is not one, nor, among names of 4 or 5
    /// characters, one letter put for another (`game` beside `name`: short words have real
    /// neighbours). Letter case does not count (`Capital` is a slip of `capital`).
    package static func misspelling(of name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard target.count >= 4 else { return nil }
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            let known = Array(candidate.lowercased().unicodeScalars)
            if known.count < target.count, contains(target, known) { continue }
            let d = distance(target, known)
            guard d <= (known.count >= 8 ? 2 : 1) else { continue }
            if d == 1, target.count <= 5, known.count == target.count, !isSwap(target, known) { continue }
            if best == nil || d < best!.distance || (d == best!.distance && candidate < best!.name) {
                best = (d, candidate)
            }
        }
        return best?.name
    }

    /// Whether `part` stands at the start or the end of `whole`.
    private static func contains(_ whole: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        whole.starts(with: part) || whole.reversed().starts(with: part.reversed())
    }

    /// Whether `a` is `b` with two neighbours swapped (same length assumed).
    private static func isSwap(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        let differ = a.indices.filter { a[$0] != b[$0] }
        return differ.count == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]]
    }
}
