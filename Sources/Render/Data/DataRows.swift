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
    /// written in the file, joined by commas (no line end). A row read back from the cache
    /// shares the bytes of the file it was read from.
    package var bytes: ArraySlice<UInt8>
    /// A CSV row's extras, by key, each cell as written in the file (the columns of the
    /// extras are those any row has, so a line is finished when the collection is joined).
    package var extras: [(key: String, cell: [UInt8])]

    package init(dependencies: [Dependency], key: DataRowKey, images: [String], bytes: ArraySlice<UInt8>,
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

/// The rows of one collection as a build made them, in the collection's order, with every
/// dependency and thumbnail they have, each once and sorted, so that a row refers to them by
/// position: the rows' dependencies are read (and their values hashed) once however many
/// rows share them, and the collection's own lists of them are these, not a set of every
/// row's made and sorted again each build (`PageRenderer.dataRows`).
package struct DataRowSet: Sendable {
    /// One row and the positions of its dependencies and thumbnails in the set's lists. A row
    /// read back from the cache (`DataRowFile`) has these positions alone: its `row`'s own
    /// lists are empty (only a row made this build has them, to extend the lists with).
    package struct Kept: Sendable {
        package var row: DataRow
        /// Positions in the set's lists (the rows read back from a file share one buffer of them).
        package var dependencies: ArraySlice<Int32>
        package var images: ArraySlice<Int32>

        package init(row: DataRow, dependencies: ArraySlice<Int32>, images: ArraySlice<Int32>) {
            (self.row, self.dependencies, self.images) = (row, dependencies, images)
        }
    }

    /// Every dependency and every thumbnail of the rows, sorted, each once.
    package var dependencies: [Dependency]
    package var images: [String]
    package var rows: [(entry: String, row: Kept)]
    /// The key the collection made of these rows had when they were made (the manifest's
    /// record of its file has the same while the rows are those of the build it records;
    /// nil: not known).
    package var collectionKey: DataRowKey?

    package init(dependencies: [Dependency] = [], images: [String] = [], rows: [(entry: String, row: Kept)] = [],
                 collectionKey: DataRowKey? = nil) {
        (self.dependencies, self.images, self.rows, self.collectionKey) = (dependencies, images, rows, collectionKey)
    }
}

/// The rows of the collections of one build: those the last build kept, taken again while
/// their dependencies' values are the same, and those of this build, handed to `keep` as
/// each collection is made, to be kept for the next (by the collection's output path, each
/// row by its entry's content path). Thread-safe: the collections render in parallel.
package final class DataRowStore: Sendable {
    /// The value now of a dependency, and the key of a row whose dependencies have these
    /// values, in its order.
    package let value: @Sendable (Dependency) -> DataRowKey
    package let key: @Sendable ([DataRowKey]) -> DataRowKey
    private let previous: @Sendable (String) -> DataRowSet
    /// The dependencies whose value differs from the one the last build ended with (nil: not
    /// known), and the key the last build's record of a collection's file has.
    private let changed: Set<Dependency>?
    private let recordedKey: @Sendable (String) -> DataRowKey?
    /// Keeps a collection's rows for the next build (written at once: the rows are not held
    /// through the rest of the build); false when they could not be.
    private let keep: @Sendable (String, DataRowSet) -> Bool
    private let kept = Locked<Set<String>>([])

    /// `previous` gives the rows the last build kept for a collection (read when first
    /// asked for: a build that makes no collection reads none). With `changed` (the
    /// dependencies whose value is not the one the last build ended with) and `recordedKey`
    /// (the key of a collection's file in the last build's record), a kept row of a
    /// collection whose rows that build made is taken while none of its dependencies is
    /// among `changed`, without hashing their values.
    package init(value: @escaping @Sendable (Dependency) -> DataRowKey, key: @escaping @Sendable ([DataRowKey]) -> DataRowKey,
                 previous: @escaping @Sendable (String) -> DataRowSet = { _ in DataRowSet() },
                 changed: Set<Dependency>? = nil, recordedKey: @escaping @Sendable (String) -> DataRowKey? = { _ in nil },
                 keep: @escaping @Sendable (String, DataRowSet) -> Bool = { _, _ in false }) {
        self.keep = keep
        self.value = value
        self.key = key
        self.previous = previous
        self.changed = changed
        self.recordedKey = recordedKey
    }

    /// The last build's rows of `collection`.
    package func previousRows(of collection: String) -> DataRowSet { previous(collection) }

    /// The dependencies that changed since `rows` were made, when that is known: they are the
    /// rows of `collection` the last build recorded (its record's key is theirs), and the
    /// values that changed since that build are known.
    package func changed(since rows: DataRowSet, of collection: String) -> Set<Dependency>? {
        guard let changed, let made = rows.collectionKey, recordedKey(collection) == made else { return nil }
        return changed
    }

    /// Keeps the rows `collection` was made of this build.
    package func made(_ collection: String, rows: DataRowSet) {
        if keep(collection, rows) { kept.withLock { _ = $0.insert(collection) } }
    }

    /// The collections whose rows were kept this build, in order.
    package var keptCollections: [String] { kept.withLock { $0.sorted() } }
}
