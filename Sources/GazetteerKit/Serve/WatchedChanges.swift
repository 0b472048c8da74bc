import Incremental
import Locking

/// What `serve`'s file watcher saw change, for its builds: the paths reported since the last
/// build that succeeded, so that the next one stats only those (`InputWatch.Hint`) instead of
/// every file the guide is made of. Until the watcher has been running since a build checked
/// everything, and whenever it may have missed a change (events lost, a watch lost, a folder
/// it could not watch), the next build checks everything again.
///
/// Each report is numbered by the builds taken so far: a build that succeeds settles what was
/// reported before it took its hint (its check saw it), and nothing reported after.
final class WatchedChanges: Sendable {
    private struct State {
        var folders: [String] = []
        var files: Set<String> = []
        /// Changed paths, each with the number of the next build when it was reported.
        var paths: [String: UInt64] = [:]
        var next: UInt64 = 1
        /// From when the watcher may have missed something (nil: it missed nothing since the
        /// last settled build). At first, before any build checked everything: 0.
        var unsureSince: UInt64? = 0
    }

    private let state = Locked(State())

    init() {}

    /// What the watcher covers: folders with everything below them, and single paths.
    func watching(folders: [String], files: Set<String>) {
        state.withLock { s in
            s.folders = folders
            s.files = files
        }
    }

    /// Paths (absolute) created, written, removed or renamed.
    func record(_ paths: some Sequence<String>) {
        state.withLock { s in for path in paths { s.paths[path] = s.next } }
    }

    /// The watcher no longer sees every change in what it covered (a folder it could not
    /// watch, or one given that went away): from now on every build checks everything.
    func lostCoverage() {
        state.withLock { s in
            s.folders = []
            s.files = []
            s.unsureSince = s.next
        }
    }

    /// The watcher may have missed changes: the next build checks everything.
    func unsure() {
        state.withLock { s in s.unsureSince = s.next }
    }

    /// What the next build is told (nil: check everything), and the mark to settle it with.
    func take() -> (hint: InputWatch.Hint?, mark: UInt64) {
        state.withLock { s in
            let mark = s.next
            s.next += 1
            guard s.unsureSince == nil else { return (nil, mark) }
            return (InputWatch.Hint(folders: s.folders, files: s.files, changed: Set(s.paths.keys)), mark)
        }
    }

    /// The build that took `mark` succeeded: what was reported before it is in its record.
    func settle(_ mark: UInt64) {
        state.withLock { s in
            s.paths = s.paths.filter { $0.value > mark }
            if let since = s.unsureSince, since <= mark { s.unsureSince = nil }
        }
    }
}
