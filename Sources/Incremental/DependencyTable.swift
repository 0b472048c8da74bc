import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// A position in a `DependencyTable`: 32 bits, so that a page record's list takes half the
/// room (at 100,000 pages, 18 MB as `Int`); a table holds far fewer than 2^31 dependencies.
package typealias TablePosition = Int32

/// The dependencies a manifest's pages read, each once; a page record lists positions in it.
///
/// The table of an incremental build begins with the previous manifest's (the page records
/// copied from it refer to those positions) and appends what is new. When more than half of
/// it is no longer read by any page, `compacted` drops what is not read.
package struct DependencyTable {
    package private(set) var items: [Dependency]
    /// Each item's position, made when first needed (a build that renders a few pages finds
    /// what they read among what they read last time).
    private var positions: [Dependency: Int]?
    /// While the table has been filled only from the numbers of one render's `ReadTable`,
    /// starting empty (a build that renders every page): the position of each number met so
    /// far (-1 for none yet). Those numbers are unique, so a new one is appended without
    /// hashing what it stands for.
    private var numbered: [TablePosition]?

    package init(_ items: [Dependency] = []) {
        self.items = items
        numbered = items.isEmpty ? [] : nil
    }

    /// The positions of the dependencies whose numbers in `read` are `numbers` (see
    /// `ReadTable`), like `positions(of:before:)` gives for the dependencies themselves.
    package mutating func positions(of numbers: [Int32], in read: ReadTable.Items, before: [TablePosition]?) -> [TablePosition] {
        guard before == nil, numbered != nil else { return positions(of: numbers.map { read[$0] }, before: before) }
        if numbered!.isEmpty { numbered = [TablePosition](repeating: -1, count: read.bound) }
        return numbers.map { number in
            let known = numbered![Int(number)]
            if known >= 0 { return known }
            let position = TablePosition(items.count)
            items.append(read[number])
            numbered![Int(number)] = position
            return position
        }
    }

    /// The positions of `read`, in its order, appending what is not in the table; `before`:
    /// the positions of what the page read last time, if known, looked at first.
    package mutating func positions(of read: [Dependency], before: [TablePosition]?) -> [TablePosition] {
        // Once dependencies are looked up, the numbers' shortcut is no longer sure.
        numbered = nil
        // Most pages rendered again read what they read last time (both lists sorted): compared
        // in order, without hashing each (a collection of 10,000 cities reads 20,000).
        if let before, before.count == read.count,
           before.indices.allSatisfy({ Int(before[$0]) < items.count && items[Int(before[$0])] == read[$0] }) {
            return before
        }
        var recent: [Dependency: TablePosition] = [:]
        if positions == nil, let before {
            recent.reserveCapacity(before.count)
            for position in before { recent[items[Int(position)]] = position }
            // A few read that the page did not read last time (a city that entered a nearby
            // list) are looked for along the table: hashing its 40,000 items to find them
            // cost more than the rest of the page's positions.
            var found = read.map { recent[$0] ?? -1 }
            let missing = found.indices.filter { found[$0] < 0 }
            if missing.count <= 16 {
                for index in missing { found[index] = TablePosition(firstPosition(of: read[index])) }
                return found
            }
        }
        return read.map { recent[$0] ?? TablePosition(position(of: $0)) }
    }

    /// The first position of `dependency`, found along the table (appended when not there):
    /// the same as `position(of:)` gives, without making the table of positions.
    private mutating func firstPosition(of dependency: Dependency) -> Int {
        if positions != nil { return position(of: dependency) }
        if let known = items.firstIndex(of: dependency) { return known }
        items.append(dependency)
        return items.count - 1
    }

    private mutating func position(of dependency: Dependency) -> Int {
        if positions == nil {
            var all: [Dependency: Int] = [:]
            all.reserveCapacity(items.count)
            for (position, item) in items.enumerated() where all[item] == nil { all[item] = position }
            positions = all
        }
        if let known = positions![dependency] { return known }
        items.append(dependency)
        positions![dependency] = items.count - 1
        return items.count - 1
    }

    /// When more than half the table (and more than a few hundred items) is read by none of
    /// the pages whose positions are `lists`, the table of only what they read, in the same
    /// order, and the position each old one moves to (nil for those dropped).
    package func compacted(keeping lists: some Sequence<[TablePosition]>) -> (table: DependencyTable, moves: [TablePosition?])? {
        compacting(keeping: lists).compacted
    }

    /// Whether a table of `count` items of which at least `unread` are read by no page is
    /// compacted: when more than half of it (and more than a few hundred items) is unread.
    package static func worthCompacting(count: Int, unread: Int) -> Bool { unread > max(256, count - unread) }

    /// `compacted(keeping:)`, and how many items of the table the pages do not read.
    package func compacting(keeping lists: some Sequence<[TablePosition]>)
        -> (compacted: (table: DependencyTable, moves: [TablePosition?])?, unread: Int) {
        var read = [Bool](repeating: false, count: items.count)
        var count = 0
        for list in lists {
            for position in list.lazy.map(Int.init) where !read[position] {
                read[position] = true
                count += 1
            }
        }
        guard Self.worthCompacting(count: items.count, unread: items.count - count) else { return (nil, items.count - count) }
        var moves = [TablePosition?](repeating: nil, count: items.count)
        var kept: [Dependency] = []
        kept.reserveCapacity(count)
        for (position, item) in items.enumerated() where read[position] {
            moves[position] = TablePosition(kept.count)
            kept.append(item)
        }
        return ((DependencyTable(kept), moves), 0)
    }
}
