import Dispatch

/// The one way the sources spread a loop across the cores: each result is made by one
/// thread and handed back in order, one array per part, so that no lock is taken per item.
package enum Parallel {
    /// `make(range)` of `parts` consecutive ranges covering `0..<count` (fewer when `count`
    /// is smaller), in order: for work cheap per item, or a loop that keeps something per
    /// part (a scratch buffer, an interner) or may stop early.
    package static func parts<Part: Sendable>(_ count: Int, parts: Int, _ make: @Sendable (Range<Int>) -> Part) -> [Part] {
        let parts = max(1, min(parts, count))
        guard parts > 1 else { return [make(0..<count)] }
        let results = Locked<[Part?]>(slots: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            results[part] = make((count * part / parts)..<(count * (part + 1) / parts))
        }
        return results.value.map { $0! }
    }

    /// `make(index)` of every index of `0..<count`, in order, the indices taken `chunk` at a
    /// time by whichever thread is free: 1 (the default) for work of uneven cost, such as
    /// pages or pictures; more for cheap work.
    package static func map<T: Sendable>(_ count: Int, chunk: Int = 1, _ make: @Sendable (Int) -> T) -> [T] {
        let chunk = max(1, chunk)
        let chunks = (count + chunk - 1) / chunk
        guard chunks > 1 else { return (0..<count).map(make) }
        let results = Locked<[[T]?]>(slots: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { n in
            results[n] = (n * chunk..<min(count, (n + 1) * chunk)).map(make)
        }
        return results.withLock { slots in slots.flatMap { $0! } }
    }
}
