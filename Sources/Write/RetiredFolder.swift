import Foundation
import Dispatch
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Folders of the output's that a build no longer needs (the old site once the new one is in
/// its place, a spare a full build makes stale, what a killed build left): renamed at once
/// beside the output, `.<site>.retired-<pid>-<n>`, so that no build looks at them again, and
/// removed on another thread, since removing a site of 62,000 files takes seconds (ext4 frees
/// each file's blocks), most of which then overlap with the rest of the build. `finish()`
/// waits for those removals, at the end of a build. A folder whose build was killed before it
/// was removed is retired again by the next build (`SiteWriter`'s leftovers).
package enum RetiredFolder {
    private static let removing = DispatchGroup()
    private static let count = Locked(0)

    /// Moves the folder at `path` (if there is one) out of the way beside `output` and removes it
    /// on another thread.
    package static func retire(_ path: String, beside output: URL) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let n = count.withLock { value -> Int in
            value += 1
            return value
        }
        let retired = output.deletingLastPathComponent()
            .appending(path: ".\(output.lastPathComponent).retired-\(getpid())-\(n)").path
        let target = rename(path, retired) == 0 ? retired : path
        DispatchQueue.global().async(group: removing) { try? FileManager.default.removeItem(atPath: target) }
    }

    /// The prefix of the retired folders beside `output`, followed by the owner's process id.
    static func prefix(of output: URL) -> String { ".\(output.lastPathComponent).retired-" }

    /// Waits until every folder retired so far is removed.
    package static func finish() { removing.wait() }
}
