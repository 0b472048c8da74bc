import Locking

/// One entry's row of a collection (`data/cities.json`, `data/cities.csv`, the countries'),
/// encoded once and kept: a collection is made by joining its rows, and a row whose
/// dependencies still have the values they had is taken as it was, not made again (see
/// `DataRowStore`). Like a page, a row is known by what its making read through a scope.
package struct DataRow: Sendable {
    /// Where what the row was made of came from, as its making recorded it (sorted).
    package var dependencies: [Dependency]
    /// The hash of their values when it was made (see `DataRowStore.key`).
    package var key: DataRowKey
    /// The thumbnails it shows (file names in `images/`), sorted.
    package var images: [String]
    /// A JSON row: the object's text. A CSV row: its cells but the extras', each as
    /// written in the file, joined by commas (no line end).
    package var bytes: [UInt8]
    /// A CSV row's extras, by key, each cell as written in the file (the columns of the
    /// extras are those any row has, so a line is finished when the collection is joined).
    package var extras: [(key: String, cell: [UInt8])]

    package init(dependencies: [Dependency], key: DataRowKey, images: [String], bytes: [UInt8],
                 extras: [(key: String, cell: [UInt8])] = []) {
        (self.dependencies, self.key, self.images, self.bytes, self.extras) = (dependencies, key, images, bytes, extras)
    }
}

/// A hash of the values of a row's dependencies (128 bits, as a page's key).
package struct DataRowKey: Hashable, Sendable {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }
}

/// The rows of the collections of one build: those the last build kept, taken again while
/// their dependencies' values are the same, and those of this build, to be kept for the
/// next (by the collection's output path, each row by its entry's content path).
/// Thread-safe: the collections render in parallel.
package final class DataRowStore: Sendable {
    /// The hash of the current values of dependencies.
    package let key: @Sendable ([Dependency]) -> DataRowKey
    private let previous: @Sendable (String) -> [String: DataRow]
    private let state = Locked<[String: [(entry: String, row: DataRow)]]>([:])

    /// `previous` gives the rows the last build kept for a collection (read when first
    /// asked for: a build that makes no collection reads none).
    package init(key: @escaping @Sendable ([Dependency]) -> DataRowKey,
                 previous: @escaping @Sendable (String) -> [String: DataRow] = { _ in [:] }) {
        self.key = key
        self.previous = previous
    }

    /// The last build's rows of `collection`.
    package func previousRows(of collection: String) -> [String: DataRow] { previous(collection) }

    /// Keeps the rows `collection` was made of this build, in its order.
    package func made(_ collection: String, rows: [(entry: String, row: DataRow)]) {
        state.withLock { $0[collection] = rows }
    }

    /// The collections made this build, with their rows.
    package var made: [String: [(entry: String, row: DataRow)]] { state.withLock { $0 } }
}
