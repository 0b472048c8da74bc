import Foundation

/// The paths written into the staging folder, collected from the threads that wrote them.
final class StagedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ path: String) {
        lock.lock()
        list.append(path)
        lock.unlock()
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
