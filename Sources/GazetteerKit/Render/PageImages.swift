import Foundation
import Thumbnails

/// The thumbnails one page shows, recorded while it renders, so that an incremental build
/// knows which thumbnails the pages it does not render again still need.
final class PageImages: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String> = []

    func add(_ plan: ThumbnailPlan) {
        lock.lock()
        for image in plan.images { names.insert(image.fileName) }
        lock.unlock()
    }

    /// The file names, sorted.
    var fileNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names.sorted()
    }
}
