import Mustache
import Load
import Model

/// What a page of a guide in several languages shows of its other versions: the language
/// switcher, the `hreflang` alternates and the note on an entry not translated yet.
extension PageRenderer {
    /// `languages` (the switcher: each language's `code`, `name`, `dir`, `url` of this page
    /// in it and `current`), `alternates` (`hreflang` and `url` of every version, this one
    /// included, then `x-default`: the default language's) and `page.untranslated`.
    ///
    /// A page's versions are the files of the same output for the same entry (or list page)
    /// in each language's folder: the page's path within its language's folder is made of
    /// the entry's kind and slug (or the list and its page number), which are the same in
    /// every language, so each version is found from the page's identity, never by
    /// rewriting an address. The link check then records each (`Dependency.target`).
    func addLanguages(of page: Page, absolute: Bool, scope: PageScope, into values: inout [String: MustacheValue]) {
        let config = model.config
        let here = folder + page.path
        func address(_ language: LanguageSetting, index: Int) -> String {
            let target = (index == 0 ? "" : language.folder) + page.path
            if absolute { return config.sitePath + target }
            return PagePath.relative(from: here, to: target)
        }
        func absoluteAddress(_ language: LanguageSetting, index: Int) -> String {
            let target = (index == 0 ? "" : language.folder) + page.path
            guard let base = config.baseURL else { return address(language, index: index) }
            return base + (target == OutputPath.index ? "" : PagePath.urlEncoded(target))
        }
        var switcher: [MustacheValue] = []
        var alternates: [MustacheValue] = []
        for (index, language) in config.languages.enumerated() {
            let current = language.code == self.language?.code
            // A language that leaves this entry out (`untranslated: omit`), or has fewer
            // pages of a list, has no version of it: not linked.
            let version = (index == 0 ? "" : language.folder) + page.path
            if !current, config.untranslated == .omit, !absolute {
                scope.read(.target(version))
                guard siteFiles.contains(version) else { continue }
            }
            var item: [String: MustacheValue] = [
                "code": .string(language.code), "name": .string(language.name), "url": .string(address(language, index: index)),
                "dir": .string(language.rightToLeft ? "rtl" : "ltr"),
            ]
            if current { item["current"] = .bool(true) }
            switcher.append(.object(item))
            alternates.append(.object(["hreflang": .string(language.code), "url": .string(absoluteAddress(language, index: index))]))
        }
        alternates.append(.object(["hreflang": .string("x-default"), "url": .string(absoluteAddress(config.languages[0], index: 0))]))
        values["languages"] = .array(switcher)
        values["has_languages"] = .bool(true)
        values["alternates"] = .array(alternates)
        if let entry = entry(of: page), !folder.isEmpty, let code = language?.code {
            scope.read(.frontMatter(entry.path))
            scope.read(.body(entry.path))
            let whole = translated[code]?.contains(entry.path) != true
            // A translation of the names alone: the text is the default language's.
            let text = !whole && entry.hasBody && !translatedTexts.contains(entry.path)
            if whole || text, case .object(var pageValue)? = values["page"] {
                let first = config.languages[0]
                var note: [String: MustacheValue] = ["code": .string(first.code), "name": .string(first.name)]
                if text { note["text_only"] = .bool(true) }
                pageValue["untranslated"] = .object(note)
                values["page"] = .object(pageValue)
            }
        }
    }

    /// The entry a page is the page of (a country's, a city's, one's own), if it is one.
    private func entry(of page: Page) -> ContentEntry? {
        switch page.kind {
        case .country: model.countries[page.index]
        case .city: model.cities[page.index]
        case .page: model.pages[page.index]
        default: nil
        }
    }
}
