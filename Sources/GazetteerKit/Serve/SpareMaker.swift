import Foundation
import Write
import Locking

/// Under `serve`, the spare folder an update publishes through (`SiteWriter`) is made in the
/// background after a build that left none (a full build makes it as it ends, so this is for
/// one that could not), so that the first save does not wait for a hard link per file of the site. It holds the output's
/// build lock while it works (another process's build waits for it; when one holds the lock
/// already, it leaves the spare to that build); the session's own builds wait for it first.
final class SpareMaker: Sendable {
    private let output: URL
    private let running = Locked<DispatchGroup?>(nil)

    init(output: URL) { self.output = output }

    /// Starts making the spare, unless it is ready or being made.
    func prepare() {
        let output = self.output
        guard !SiteWriter.spareIsReady(for: output) else { return }
        let group = DispatchGroup()
        let started = running.withLock { current in
            guard current == nil else { return false }
            current = group
            return true
        }
        guard started else { return }
        group.enter()
        DispatchQueue.global(qos: .utility).async { [running] in
            if let lock = BuildLock.tryOutput(output) {
                SiteWriter.prepareSpare(for: output)
                lock.release()
            }
            running.withLock { $0 = nil }
            group.leave()
        }
    }

    /// Waits for the spare being made, if it is.
    func wait() { running.withLock { $0 }?.wait() }
}
