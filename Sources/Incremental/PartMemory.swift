import Load
import Render
import Locking

/// What a process that builds again and again (`serve`) keeps of the manifest's parts
/// between builds: each part's bytes, its index and what was decoded from it, by its file's
/// name. A part's name is the checksum of its bytes and a part file never changes, so what is
/// kept under a name is what that file holds: the next build reads, checks and decodes only
/// the parts it has not seen (after a one-city edit, a shard or two of each kind, instead of
/// every part: 17 MB at 10,000 pages, every entry decoded again).
///
/// Only the parts the last manifest read or written names are kept (`keepOnly`).
package final class PartMemory: Sendable {
    package struct Part: Sendable {
        package var bytes: [UInt8]
        /// The part's records (entries, sources, pages), as `ManifestCoding.slotsPart` gives them.
        package var index: RecordIndex.PartSlots?
        /// The entries of an entries part, decoded.
        package var entries: [BuildManifest.StampedEntry]?
        /// The dependencies of a chunk of the table, decoded.
        package var table: [Dependency]?
        /// The values of a chunk of the values, decoded.
        package var values: [PageKey]?

        package init(bytes: [UInt8]) { self.bytes = bytes }
    }

    private let parts = Locked<[String: Part]>([:])

    package init() {}

    /// The part kept under `name`, when its bytes are `size` long.
    package func part(_ name: String, size: Int) -> Part? {
        parts.withLock { $0[name] }.flatMap { $0.bytes.count == size ? $0 : nil }
    }

    /// Keeps `bytes` as the part `name` (what was decoded from it stays, when it was known).
    package func remember(_ name: String, bytes: [UInt8]) {
        parts.withLock { parts in
            if parts[name]?.bytes.count != bytes.count { parts[name] = Part(bytes: bytes) }
        }
    }

    /// Changes what is kept of the part `name` (nothing when it is not kept).
    package func update(_ name: String, _ change: (inout Part) -> Void) {
        parts.withLock { parts in
            guard var part = parts.removeValue(forKey: name) else { return }
            change(&part)
            parts[name] = part
        }
    }

    /// Forgets every part but those named.
    package func keepOnly(_ names: Set<String>) {
        let dropped = parts.withLock { parts -> [Part] in
            let gone = parts.keys.filter { !names.contains($0) }
            return gone.compactMap { parts.removeValue(forKey: $0) }
        }
        _ = dropped  // freed outside the lock
    }

    /// How many parts are kept (for tests).
    package var count: Int { parts.withLock { $0.count } }
}
