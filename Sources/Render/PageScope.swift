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
        var read: Set<Dependency> = []
    }
    private let state = Locked(State())
    /// The language the page is in, when it is not the guide's default: what it reads of
    /// the lists is that language's (`Dependency.inLanguage(_:)`).
    private let language: String

    package init(language: String = "") { self.language = language }

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

    /// Records that the page shows the thumbnails `names` (file names in `images/`).
    package func add(fileNames names: some Sequence<String>) {
        state.withLock { $0.names.formUnion(names) }
    }

    /// Everything the page read, sorted.
    package var dependencies: [Dependency] {
        state.withLock { $0.read.sorted() }
    }

    package func add(_ plan: ThumbnailPlan) {
        state.withLock { state in
            for image in plan.images { state.names.insert(image.fileName) }
        }
    }

    /// The file names, sorted.
    package var fileNames: [String] {
        state.withLock { $0.names.sorted() }
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
