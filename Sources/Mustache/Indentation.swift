/// How the beginning of each template line is rewritten while rendering a partial or a
/// block somewhere else: drop up to `drop` leading blanks of the line, then write `add`.
struct Indentation: Sendable {
    var drop: Int
    var add: [UInt8]

    static let none = Indentation(drop: 0, add: [])

    var isNone: Bool { drop == 0 && add.isEmpty }

    /// The rewriting that applies `inner` to a line, then `self` to the result.
    func then(_ inner: Indentation) -> Indentation {
        if drop <= inner.add.count {
            return Indentation(drop: inner.drop, add: add + inner.add[drop...])
        }
        return Indentation(drop: inner.drop + drop - inner.add.count, add: add)
    }
}
