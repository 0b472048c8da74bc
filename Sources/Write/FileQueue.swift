import Dispatch
import Diagnostics
import Locking

/// The files of a build, made one after another on a thread of their own while the pages
/// render. Two threads making files in one folder contend for the folder's lock in the kernel,
/// which ext4 waits for by spinning: 31,000 hard links take as long from two threads as from
/// one, for twice the processor time, and during a cold 10k render the spinning was a quarter
/// of the processor (Benchmarks/results/one-thread-makes-files.md). The threads that render
/// hand their files over and go on; `finish` waits for what was handed over.
final class FileQueue: Sendable {
    private let queue = DispatchQueue(label: "gazetteer.files")
    /// At most this many files wait (their texts are held until written: about 15 MB of
    /// pages). The writer may fall behind while pages render, when the file system is slow to
    /// find free inodes (just after many files were removed), and catch up while the
    /// thumbnails are made.
    private let room = DispatchSemaphore(value: 2048)
    private let failures = Locked<[Diagnostic]>([])

    /// Makes a file later, on the queue's thread; a failure is reported by `finish`.
    func add(_ work: @escaping @Sendable () throws(DiagnosticList) -> Void) {
        room.wait()
        queue.async { [room, failures] in
            do throws(DiagnosticList) {
                try work()
            } catch {
                failures.withLock { $0 += error.diagnostics }
            }
            room.signal()
        }
    }

    /// Waits until every file handed over so far is made; throws what failed (each once).
    func finish() throws(DiagnosticList) {
        queue.sync {}
        let failed = failures.withLock { failed in
            let all = failed
            failed = []
            return all
        }
        if !failed.isEmpty { throw DiagnosticList(failed) }
    }
}
