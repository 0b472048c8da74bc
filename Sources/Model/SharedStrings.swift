import Images
import Locking

/// Strings that many entries hold the same (the picture of a pool that thousands of cities
/// show, as its path and as written), kept once: the content files are processed across the
/// cores, each asking for its strings here. At 100,000 cities sharing 5,000 pictures, 10 MB
/// of copies less.
package final class SharedStrings: Sendable {
    private let strings = Locked<Set<String>>([])

    package init() {}

    /// `value`, or the equal string asked for before.
    package func string(_ value: String) -> String {
        // Up to 15 bytes, a string is held in its own value: nothing to share.
        guard value.utf8.count > 15 else { return value }
        return strings.withLock { $0.insert(value).memberAfterInsert }
    }

    /// The picture with its path and the path as written shared.
    package func image(_ source: ImageSource) -> ImageSource {
        var shared = source
        shared.path = string(source.path)
        shared.written = string(source.written)
        return shared
    }
}
