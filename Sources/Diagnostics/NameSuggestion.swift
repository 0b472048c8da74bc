/// "Did you mean" for near-miss names: the closest candidate within a small edit distance.
package enum NameSuggestion {
    /// The candidate closest to `name`, if it is close enough to be a likely typo.
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased().unicodeScalars))
            let limit = max(1, min(3, max(target.count, candidate.unicodeScalars.count) / 3))
            guard d <= limit else { continue }
            if best == nil || d < best!.distance || (d == best!.distance && candidate < best!.name) {
                best = (d, candidate)
            }
        }
        return best?.name
    }

    /// `unknown country "spian" (did you mean "spain"?)`-style suffix, or "".
    package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Damerau-Levenshtein distance (optimal string alignment): a swap of two
    /// neighbours counts as one edit, so "spian" is one edit from "spain".
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
