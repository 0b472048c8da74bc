import Foundation
import Mustache
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Locking

/// What rendering one page gathers: where every value it read came from (see `Dependency`),
/// the thumbnails it shows (so that an incremental build knows which thumbnails the pages it
/// does not render again still need), and the value of each country as a list row, built
/// once per page however many rows show it.
package final class PageScope: Sendable {
    private struct State {
        var names: Set<String> = []
        var countries: [String: MustacheValue] = [:]
        var read: Set<Dependency>
        /// Lists read whole, each sorted and each item once (see `read(sorted:)`).
        var readLists: [[Dependency]] = []
        var nameLists: [[String]] = []
    }
    private let state: Locked<State>
    /// The language the page is in, when it is not the guide's default: what it reads of
    /// the lists is that language's (`Dependency.inLanguage(_:)`).
    private let language: String

    /// `reads`: room for what the page is expected to read (a country's or a city's page,
    /// about seventy), so that the set is not made again and again as it grows, each time
    /// hashing every name again.
    package init(language: String = "", reads: Int = 128) {
        self.language = language
        state = Locked(State(read: Set(minimumCapacity: reads)))
    }

    /// Records that the page read a value that came from `dependency`.
    package func read(_ dependency: Dependency) {
        let dependency = language.isEmpty ? dependency : dependency.inLanguage(language)
        state.withLock { _ = $0.read.insert(dependency) }
    }

    /// Records that the page read values that came from `dependencies`.
    package func read(contentsOf dependencies: some Sequence<Dependency>) {
        let dependencies = language.isEmpty ? Array(dependencies) : dependencies.map { $0.inLanguage(language) }
        state.withLock { $0.read.formUnion(dependencies) }
    }

    /// Records that the page read values that came from `dependencies`, sorted and each once
    /// (a collection's rows' dependencies: kept as they are, and merged with the rest at the
    /// end, not hashed one by one into the set and sorted again).
    package func read(sorted dependencies: [Dependency]) {
        guard language.isEmpty else { return read(contentsOf: dependencies) }
        state.withLock { $0.readLists.append(dependencies) }
    }

    /// Records that the page shows the thumbnails `names` (file names in `images/`).
    package func add(fileNames names: some Sequence<String>) {
        state.withLock { $0.names.formUnion(names) }
    }

    /// Records that the page shows the thumbnails `names`, sorted and each once.
    package func add(sortedFileNames names: [String]) {
        state.withLock { $0.nameLists.append(names) }
    }

    /// Everything the page read, sorted.
    package var dependencies: [Dependency] {
        state.withLock { state in state.readLists.reduce(state.read.sorted(), Self.merged) }
    }

    /// Two sorted lists as one, sorted, each item once.
    private static func merged<T: Comparable>(_ a: [T], _ b: [T]) -> [T] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var out: [T] = []
        out.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if a[i] < b[j] {
                out.append(a[i]); i += 1
            } else if b[j] < a[i] {
                out.append(b[j]); j += 1
            } else {
                out.append(a[i]); i += 1; j += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    package func add(_ plan: ThumbnailPlan) {
        state.withLock { state in
            for image in plan.images { state.names.insert(image.fileName) }
        }
    }

    /// The file names, sorted.
    package var fileNames: [String] {
        state.withLock { state in state.nameLists.reduce(state.names.sorted(), Self.merged) }
    }

    /// Forgets the country values once the page is rendered: they refer to this scope (their
    /// pictures record what the page shows into it), and would otherwise keep it, and
    /// themselves, alive for good.
    package func finish() {
        let values = state.withLock { state in
            let values = state.countries
            state.countries = [:]
            return values
        }
        _ = values
    }

    /// The country `slug` as `make` builds it, made once.
    package func country(_ slug: String, _ make: () -> MustacheValue) -> MustacheValue {
        if let known = state.withLock({ $0.countries[slug] }) { return known }
        let value = make()
        state.withLock { $0.countries[slug] = value }
        return value
    }
}
