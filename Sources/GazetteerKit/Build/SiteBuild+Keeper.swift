import Foundation

extension SiteBuild {
    /// The last build's data. Freeing a large site's model, one string at a time, takes longer
    /// than the rest of a small incremental build, and the process usually exits right after:
    /// so it is freed when the next build in the same process starts instead.
    private final class Keeper: @unchecked Sendable {
        let lock = NSLock()
        var objects: [Any] = []
    }

    private static let keeper = Keeper()

    static func keepUntilNextBuild(_ objects: [Any]) {
        keeper.lock.lock()
        keeper.objects = objects
        keeper.lock.unlock()
    }

    static func releaseLastBuild() {
        keeper.lock.lock()
        let last = keeper.objects
        keeper.objects = []
        keeper.lock.unlock()
        _ = last
    }
}
