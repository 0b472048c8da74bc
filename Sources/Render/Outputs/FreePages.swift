import Mustache
import Load
import Model

extension Page.Kind {
    package static let page = Page.Kind("page")
}

/// Each page of one's own (`content/pages/about.md` -> `about.html`), drawn by the theme's
/// `page` template (`index` is the page's position in the model's pages).
package struct FreePages: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .page }

    package func files(of site: PageRenderer) -> [Page] {
        site.model.pages.enumerated().map { index, page in
            Page(kind: .page, path: page.outputPath, title: page.name, index: index)
        }
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let entry = site.model.pages[page.index]
        values["article"] = site.freePage(entry, from: page.path, images: scope)
        site.markDraft(entry, values: &values, scope: scope)
    }

    package func entry(of page: Page, site: PageRenderer) -> String? { site.model.pages[page.index].path }
}

extension PageRenderer {
    /// A page of one's own as templates see it: `title`, `url`, `menu` (when it is in the
    /// menu), `body` and `extra`; every lookup recorded like a country's or a city's.
    package func freePage(_ entry: ContentEntry, from page: String, images: PageScope) -> MustacheValue {
        var value: [String: MustacheValue] = [
            "slug": .string(entry.slug),
            "title": .string(entry.name),
            "url": .string(PagePath.relative(from: page, to: entry.outputPath)),
            "extra": extra(entry.extra),
        ]
        if let menu = entry.menu { value["menu"] = .int(menu) }
        return .dynamic(EntityValue(fields: value, entry: entry, bodies: bodies, scope: images))
    }

    /// The pages of one's own that the navigation links to: `menu` those with a `menu` number
    /// (the header's), `footer` the others; each `title`, `url` and `current` (the page shown).
    /// `link` makes a page's address as the page shown links to it.
    package func freePageLinks(from page: String, link: (String) -> String) -> (menu: [MustacheValue], footer: [MustacheValue]) {
        var menu: [MustacheValue] = [], footer: [MustacheValue] = []
        for entry in model.pages {
            let link: MustacheValue = .object([
                "title": .string(entry.name),
                "url": .string(link(entry.outputPath)),
                "current": .bool(entry.outputPath == page),
            ])
            if entry.menu != nil { menu.append(link) } else { footer.append(link) }
        }
        return (menu, footer)
    }
}
