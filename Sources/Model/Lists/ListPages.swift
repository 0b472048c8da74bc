/// A list of the guide (the City Guide, a country's cities, a continent's countries) cut
/// into pages of at most `pageSize` entries, grouped by initial: the entries in the order
/// the list shows them (by initial, in the language's alphabet, then as the model sorts
/// them), which entries each page holds, and the page each letter begins on.
package struct ListPages: Sendable {
    /// Positions in the model's `cities` or `countries`, in the order the list shows them.
    package private(set) var order: [Int]
    /// The initial of each entry of `order`.
    package private(set) var initials: [Initial]
    package let pageSize: Int
    /// Every letter of the list, in order, with the number of the page its first entry is on.
    package private(set) var letters: [(initial: Initial, page: Int)] = []

    /// `members`: positions in the model's list, in its order; `initials`: the initial of
    /// every entry of the model's list.
    package init(members: [Int], initials all: [Initial], pageSize: Int) {
        self.pageSize = max(1, pageSize)
        // Stable: within a letter, the model's order.
        let sorted = members.enumerated().sorted { a, b in
            let (x, y) = (all[a.element], all[b.element])
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        order = sorted
        initials = sorted.map { all[$0] }
        var last: Initial?
        for (position, initial) in initials.enumerated() where initial != last {
            letters.append((initial, position / self.pageSize + 1))
            last = initial
        }
    }

    /// How many pages the list has: one at least (an empty list has an empty first page).
    package var pageCount: Int { max(1, (order.count + pageSize - 1) / pageSize) }

    /// The positions in `order` page `number` (from 1) holds.
    package func range(ofPage number: Int) -> Range<Int> {
        let start = min(order.count, (number - 1) * pageSize)
        return start..<min(order.count, start + pageSize)
    }
}

/// The numbers a page's pagination shows: a window of `width` pages around `current`
/// (shifted to stay inside 1...`total`), and whether pages lie beyond it on either side.
package struct PageWindow: Equatable, Sendable {
    package var numbers: ClosedRange<Int>
    package var gapBefore: Bool
    package var gapAfter: Bool

    package init(current: Int, total: Int, width: Int = 5) {
        let total = max(1, total)
        let width = max(1, min(width, total))
        var start = max(1, current - width / 2)
        start = min(start, total - width + 1)
        numbers = start...(start + width - 1)
        gapBefore = start > 1
        gapAfter = start + width - 1 < total
    }
}
