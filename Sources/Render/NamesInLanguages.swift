import Load
import Model

/// Every entry's name in each language of a guide in several, by the default language's
/// entry's path, with the path it is read from (the entry's, or its translation's: what a
/// search record that shows it records as read). Empty for a guide in one language.
package struct NamesInLanguages: Sendable {
    package struct Name: Sendable {
        package var path: String
        package var name: String
    }

    private var byEntry: [String: [Name]] = [:]

    package init() {}

    /// `models`: the default language's first, then each other language's.
    package init(_ models: [SiteModel]) {
        byEntry.reserveCapacity(models.first.map { $0.countries.count + $0.cities.count + $0.pages.count } ?? 0)
        for (n, model) in models.enumerated() {
            for entries in [model.countries, model.cities, model.pages] {
                for entry in entries {
                    // The default language's paths are the entries' own.
                    let key = n == 0 ? entry.path : ContentKind.untranslated(entry.path)
                    byEntry[key, default: []].append(Name(path: entry.path, name: entry.name))
                }
            }
        }
    }

    /// The names of the entry whose (default language's) file is `path`, in the order of the
    /// guide's languages.
    package func names(of path: String) -> [Name] { byEntry[ContentKind.untranslated(path)] ?? [] }
}
