import Foundation
import Diagnostics

/// The paths written into the staging folder, collected from the threads that wrote them.
package final class StagedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    package init() {}

    package func add(_ path: String) {
        lock.lock()
        list.append(path)
        lock.unlock()
    }

    package var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
