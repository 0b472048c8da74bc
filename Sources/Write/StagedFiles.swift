import Foundation
import Diagnostics
import Locking

/// The paths written into the staging folder, collected from the threads that wrote them.
package final class StagedFiles: Sendable {
    private let list = Locked<[String]>([])

    package init() {}

    package func add(_ path: String) {
        list.withLock { $0.append(path) }
    }

    package var paths: [String] { list.value }
}
