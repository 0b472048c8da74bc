import Foundation
import Mustache
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// What rendering one page gathers: where every value it read came from (see `Dependency`),
/// the thumbnails it shows (so that an incremental build knows which thumbnails the pages it
/// does not render again still need), and the value of each country as a list row, built
/// once per page however many rows show it.
package final class PageScope: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String> = []
    private var countries: [String: MustacheValue] = [:]
    private var read: Set<Dependency> = []

    /// Records that the page read a value that came from `dependency`.
    package func read(_ dependency: Dependency) {
        lock.lock()
        read.insert(dependency)
        lock.unlock()
    }

    /// Everything the page read, sorted.
    package var dependencies: [Dependency] {
        lock.lock()
        defer { lock.unlock() }
        return read.sorted()
    }

    package func add(_ plan: ThumbnailPlan) {
        lock.lock()
        for image in plan.images { names.insert(image.fileName) }
        lock.unlock()
    }

    /// The file names, sorted.
    package var fileNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names.sorted()
    }

    /// Forgets the country values once the page is rendered: they refer to this scope (their
    /// pictures record what the page shows into it), and would otherwise keep it, and
    /// themselves, alive for good.
    package func finish() {
        lock.lock()
        let values = countries
        countries = [:]
        lock.unlock()
        _ = values
    }

    /// The country `slug` as `make` builds it, made once.
    package func country(_ slug: String, _ make: () -> MustacheValue) -> MustacheValue {
        lock.lock()
        if let known = countries[slug] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let value = make()
        lock.lock()
        countries[slug] = value
        lock.unlock()
        return value
    }
}
