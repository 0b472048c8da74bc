import Load
import Model

/// Every entry's name in each language of a guide in several, by the default language's
/// entry's path, with the path it is read from (the entry's, or its translation's: what a
/// search record that shows it records as read). Empty for a guide in one language.
///
/// The names are looked up in each language's model when asked for: only the search records
/// of the pages rendered ask (two of 20,000 for one edit), so no table of every entry in
/// every language is made (22 ms of each build of 10,000 entries in two languages).
package struct NamesInLanguages: Sendable {
    package struct Name: Sendable {
        package var path: String
        package var name: String
    }

    /// The default language's model first, then each other language's.
    private var models: [SiteModel] = []

    package init() {}

    /// `models`: the default language's first, then each other language's.
    package init(_ models: [SiteModel]) { self.models = models }

    /// The names of the entry whose (default language's) file is `path`, in the order of the
    /// guide's languages: of those that show it (a language may leave it out).
    package func names(of path: String) -> [Name] {
        guard models.count > 1 else { return [] }
        let own = ContentKind.untranslated(path)
        let slug = ContentKind.slug(ofPath: own)
        return models.enumerated().compactMap { n, model in
            let shown = n == 0 ? own : ContentKind.translation(of: own, into: model.config.language)
            let entry = model.cityIndex(ofPath: shown).map { model.cities[$0] }
                ?? model.country(slug).flatMap { $0.path == shown ? $0 : nil }
                ?? model.pages.first { $0.path == shown }
            return entry.map { Name(path: $0.path, name: $0.name) }
        }
    }
}
