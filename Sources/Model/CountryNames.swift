import Foundation
import Diagnostics
import Load

/// What a city's `country:` (or `gazetteer new city --country`) may have meant when it is
/// not the slug of a country file: a country whose name, official name or alias it is, in
/// any case and with or without accents (`japan` for `日本.md` with `aliases: [Japan]`), or
/// a slug or name a typo away.
package struct CountryNames: Sendable {
    package struct Country: Sendable {
        package var slug: String
        /// Its name, official name and aliases, in that order.
        package var names: [String]

        package init(slug: String, names: [String]) {
            self.slug = slug
            self.names = names
        }
    }

    /// Every country file's slug (a country with problems of its own has no entry, but is there).
    private var slugs: [String]
    /// The countries with entries, by slug.
    private var countries: [Country]

    package init(slugs: some Sequence<String>, countries: [Country]) {
        self.slugs = slugs.sorted()
        self.countries = countries.sorted { $0.slug < $1.slug }
    }

    package init(slugs: some Sequence<String>, entries: some Sequence<ContentEntry>) {
        self.init(slugs: slugs, countries: entries.filter { $0.kind == .country }.map { country in
            Country(slug: country.slug, names: [country.name] + (country.officialName.map { [$0] } ?? []) + country.aliases)
        })
    }

    /// The slug `written` most likely means, and the name it matched (nil when it matched
    /// the slug itself), or nil when nothing is close.
    package func meant(by written: String) -> (slug: String, name: String?)? {
        let key = Self.key(written)
        guard !key.isEmpty else { return nil }
        if let slug = slugs.first(where: { Self.key($0) == key }) { return (slug, nil) }
        for country in countries {
            if let name = country.names.first(where: { Self.key($0) == key }) { return (country.slug, name) }
        }
        if let slug = NameSuggestion.closest(to: written, in: slugs) { return (slug, nil) }
        let named = countries.flatMap { country in country.names.map { (key: Self.key($0), name: $0, slug: country.slug) } }
        if let close = NameSuggestion.closest(to: key, in: named.map(\.key)), let country = named.first(where: { $0.key == close }) {
            return (country.slug, country.name)
        }
        return nil
    }

    /// ` (did you mean "日本", the country named Japan?)`, ` (did you mean "spain"?)`, or "".
    package func hint(for written: String) -> String {
        guard let (slug, name) = meant(by: written) else { return "" }
        return " (did you mean \"\(slug)\"\(name.map { ", the country named \($0)" } ?? "")?)"
    }

    /// Lower case, without accents, words joined by hyphens: `São Tomé` and `sao-tome` match.
    private static func key(_ text: String) -> String {
        Slug.make(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }
}

/// A city's `country:` that is not the slug of a country file. It is reported once every
/// country has been read (cities are processed beside countries, not after them), so that
/// the message can name the country meant by its name or alias (see `CountryNames`).
package struct UnknownCountry: Sendable {
    package var written: String
    package var location: SourceLocation

    package init(written: String, location: SourceLocation) {
        self.written = written
        self.location = location
    }

    package func diagnostic(_ names: CountryNames) -> Diagnostic {
        Diagnostic("unknown country \"\(written)\"" + names.hint(for: written), at: location)
    }
}
