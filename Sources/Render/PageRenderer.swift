import Foundation
import Mustache
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Locking

/// The render stage: every file of every output (see `Output`), most of them pages drawn by
/// the theme's templates in strict mode, across all cores. Thumbnails the pages use are planned on the way (see
/// `ImagePlanner`) and made afterwards.
package struct PageRenderer: Sendable {
    package var model: SiteModel
    package var library: TemplateLibrary
    package var planner: ImagePlanner
    package var bodies: BodyStore
    /// The collections' rows the last build kept, and where this build's are kept (nil: each
    /// collection made whole, nothing kept).
    package var rowStore: DataRowStore?

    /// Whether the theme draws continent pages (a theme without `continent.mustache` and
    /// `continents.mustache`, written before they existed, gets none).
    package var makesContinentPages: Bool

    /// Every file of the site, each output's in the order of `Outputs.all`.
    package private(set) var pages: [Page] = []
    /// The paths of the pages for readers (those of the outputs `listed`), in that order:
    /// what `Dependency.pages` reads.
    package private(set) var listedPaths: [String] = []

    package init(model: SiteModel, library: TemplateLibrary, planner: ImagePlanner, bodies: BodyStore) {
        self.model = model
        self.library = library
        self.planner = planner
        self.bodies = bodies
        let names = Set(library.names)
        makesContinentPages = names.contains(Page.Kind.continent.rawValue) && names.contains(Page.Kind.continents.rawValue)
        for output in Outputs.all {
            let files = output.files(of: self)
            pages += files
            if output.listed { listedPaths += files.map(\.path) }
        }
    }

    /// List rows whose pictures load at once (the first screen); the others load lazily.
    package static let eagerRows = 8
    package static let generator = "Gazetteer \(GazetteerVersion.current)"

    /// What rendering one page gave: the thumbnails it shows, and where what it read came from.
    package struct Rendered: Sendable {
        package var images: [String]
        package var dependencies: [Dependency]
    }

    /// Renders `pages` in parallel, each by its output (`Outputs.output`), handing each
    /// page's text to `deliver` on the thread that rendered it (so that no more than a page
    /// per core is held in memory). Template errors are reported once each, however many
    /// pages hit them, naming the content files a value was missing from (see
    /// `TemplateErrors`); so are errors `deliver` throws.
    package func render(
        _ pages: [Page], deliver: @Sendable (Page, String) throws(DiagnosticList) -> Void
    ) -> (rendered: [Rendered?], diagnostics: [Diagnostic]) {
        let results = Locked<[Result<Rendered, DiagnosticList>?]>(slots: pages.count)
        let templateErrors = TemplateErrors()
        DispatchQueue.concurrentPerform(iterations: pages.count) { i in
            let page = pages[i]
            let scope = PageScope()
            defer { scope.finish() }
            do throws(MustacheError) {
                let text = try Outputs.output(page.kind).render(page, of: self, scope: scope)
                do throws(DiagnosticList) {
                    try deliver(page, text)
                    results[i] = .success(Rendered(images: scope.fileNames, dependencies: scope.dependencies))
                } catch {
                    results[i] = .failure(error)
                }
            } catch {
                templateErrors.add(error)
                results[i] = .failure(DiagnosticList([]))
            }
        }
        var rendered: [Rendered?] = []
        var diagnostics: Set<Diagnostic> = []
        for result in results.value {
            switch result {
            case .success(let page)?: rendered.append(page)
            case .failure(let list)?: rendered.append(nil); diagnostics.formUnion(list.diagnostics)
            case nil: rendered.append(nil)
            }
        }
        return (rendered, (diagnostics.sorted() + templateErrors.diagnostics).sorted())
    }
}

/// Slots written by concurrent iterations without a lock: each index by exactly one of them,
/// read only after all have finished.
package final class UnsafeBuffer<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T>
    package let count: Int

    package init(count: Int, initial: T) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: initial, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    package subscript(index: Int) -> T {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    package var values: [T] { Array(UnsafeBufferPointer(start: storage, count: count)) }
}
