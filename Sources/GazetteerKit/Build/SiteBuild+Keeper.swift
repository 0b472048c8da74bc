import Foundation
import Locking

extension SiteBuild {
    /// The last build's data. Freeing a large site's model, one string at a time, takes longer
    /// than the rest of a small incremental build, and the process usually exits right after:
    /// so it is freed when the next build in the same process starts instead.
    private static let keeper = Locked<Kept?>(nil)

    /// Objects only held and then released, never read: so they may cross threads. Unchecked
    /// because they are the build's own values (the model, the pages, the manifest), which are
    /// not Sendable, and the compiler cannot see that nothing reads them once kept.
    private final class Kept: @unchecked Sendable {
        let objects: [Any]
        init(_ objects: [Any]) { self.objects = objects }
    }

    static func keepUntilNextBuild(_ objects: [Any]) {
        let kept = Kept(objects)
        keeper.withLock { $0 = kept }
    }

    static func releaseLastBuild() {
        let last = keeper.withLock { kept in
            let last = kept
            kept = nil
            return last
        }
        _ = last
    }
}
