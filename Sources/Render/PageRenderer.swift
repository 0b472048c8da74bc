import Foundation
import Mustache
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Locking

/// The render stage: every page of the guide through the theme's templates, in strict
/// mode, across all cores. Thumbnails the pages use are planned on the way (see
/// `ImagePlanner`) and made afterwards.
package struct PageRenderer: Sendable {
    package var model: SiteModel
    package var library: TemplateLibrary
    package var planner: ImagePlanner
    package var bodies: BodyStore

    /// Whether the theme draws continent pages (a theme without `continent.mustache` and
    /// `continents.mustache`, written before they existed, gets none).
    package var makesContinentPages: Bool

    package init(model: SiteModel, library: TemplateLibrary, planner: ImagePlanner, bodies: BodyStore) {
        self.model = model
        self.library = library
        self.planner = planner
        self.bodies = bodies
        let names = Set(library.names)
        makesContinentPages = names.contains(Page.Kind.continent.rawValue) && names.contains(Page.Kind.continents.rawValue)
    }

    /// List rows whose pictures load at once (the first screen); the others load lazily.
    package static let eagerRows = 8
    package static let generator = "Gazetteer \(GazetteerVersion.current)"

    /// Every page of the site, in a stable order.
    package var pages: [Page] {
        var pages: [Page] = [
            Page(kind: .index, path: OutputPath.index, title: "Countries"),
            Page(kind: .cities, path: OutputPath.cities, title: "City Guide"),
            Page(kind: .flags, path: OutputPath.flags, title: "Flags"),
            Page(kind: .notFound, path: OutputPath.notFound, title: "Page not found"),
        ]
        pages += model.countries.enumerated().map { index, country in
            Page(kind: .country, path: country.outputPath, title: country.name, index: index)
        }
        pages += model.cities.enumerated().map { index, city in
            Page(kind: .city, path: city.outputPath, title: city.name, index: index)
        }
        // The old addresses of renamed entries.
        for (kind, entries) in [(ContentKind.country, model.countries), (.city, model.cities)] {
            for (index, entry) in entries.enumerated() {
                for redirect in entry.redirects {
                    var page = Page(kind: .redirect, path: redirect.outputPath(kind), title: entry.name, index: index)
                    page.entity = kind
                    pages.append(page)
                }
            }
        }
        // The later pages of the lists in pages (pages without entries are not made).
        let guide = PagedList.cities(model)
        pages += guide.pages.pageCount < 2 ? [] : (2...guide.pages.pageCount).map { number in
            Page(kind: .cities, path: guide.path(ofPage: number), title: "City Guide, page \(number)", number: number)
        }
        for (index, country) in model.countries.enumerated() {
            let list = PagedList.cities(of: country, in: model)
            guard list.pages.pageCount > 1 else { continue }
            pages += (2...list.pages.pageCount).map { number in
                Page(kind: .country, path: list.path(ofPage: number), title: "\(country.name): cities, page \(number)",
                     index: index, number: number)
            }
        }
        if makesContinentPages {
            pages.append(Page(kind: .continents, path: OutputPath.continents, title: "Continents"))
            for (index, section) in model.sections.enumerated() {
                guard let list = PagedList.countries(of: section.continent, in: model) else { continue }
                pages += (1...list.pages.pageCount).map { number in
                    Page(kind: .continent, path: list.path(ofPage: number),
                         title: number == 1 ? section.continent.name : "\(section.continent.name), page \(number)",
                         index: index, number: number)
                }
            }
        }
        return pages
    }

    /// What rendering one page gave: the thumbnails it shows, and where what it read came from.
    package struct Rendered: Sendable {
        package var images: [String]
        package var dependencies: [Dependency]
    }

    /// Renders `pages` in parallel, handing each page's HTML to `deliver` on the thread that
    /// rendered it (so that no more than a page per core is held in memory). Template errors
    /// are reported once each, however many pages hit them, naming the content files a value
    /// was missing from (see `TemplateErrors`); so are errors `deliver` throws. A page of kind
    /// `sitemap` lists `sitemapOf`.
    package func render(
        _ pages: [Page], sitemapOf: [Page] = [], deliver: @Sendable (Page, String) throws(DiagnosticList) -> Void
    ) -> (rendered: [Rendered?], diagnostics: [Diagnostic]) {
        let results = Locked<[Result<Rendered, DiagnosticList>?]>(slots: pages.count)
        let templateErrors = TemplateErrors()
        DispatchQueue.concurrentPerform(iterations: pages.count) { i in
            let page = pages[i]
            let images = PageScope()
            defer { images.finish() }
            if page.kind == .sitemap {
                let xml = Self.sitemap(for: sitemapOf, baseURL: model.config.baseURL)
                do throws(DiagnosticList) {
                    try deliver(page, xml ?? "")
                    results[i] = .success(Rendered(images: [], dependencies: [.settings, .pages]))
                } catch {
                    results[i] = .failure(error)
                }
                return
            }
            do throws(MustacheError) {
                let html = try library.render(
                    page.template, context: context(for: page, images: images), strict: true,
                    included: { images.read(.template($0)) })
                do throws(DiagnosticList) {
                    try deliver(page, html)
                    results[i] = .success(Rendered(images: images.fileNames, dependencies: images.dependencies))
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

    /// `sitemap.xml` when the site has a `base_url`: every page but the 404 page and the
    /// redirect pages (old addresses), in the
    /// byte order of their paths. Made as bytes: it lists every page, and is made again
    /// whenever one is added or removed.
    package static func sitemap(for pages: [Page], baseURL: String?) -> String? {
        guard let base = baseURL else { return nil }
        var paths: [[UInt8]] = []
        paths.reserveCapacity(pages.count)
        for page in pages where page.kind != .notFound && page.kind != .redirect { paths.append(Array(page.path.utf8)) }
        paths.sort { $0.lexicographicallyPrecedes($1) }
        var xml: [UInt8] = []
        xml.reserveCapacity(paths.count * (base.utf8.count + 40) + 200)
        xml += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8
        let escapedBase = Array(ImageHTML.escape(base).utf8)
        for path in paths {
            xml += "  <url><loc>".utf8
            xml += escapedBase
            let encoded = PagePath.urlEncoded(String(decoding: path, as: UTF8.self))
            if encoded.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
                xml += ImageHTML.escape(encoded).utf8
            } else {
                xml += encoded.utf8
            }
            xml += "</loc></url>\n".utf8
        }
        xml += "</urlset>\n".utf8
        return String(decoding: xml, as: UTF8.self)
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
