import Foundation
import Diagnostics
import Locking

/// Names of countries and continents in a language, from CLDR: the ICU data the toolchain's
/// Foundation carries on Linux too (`Locale.localizedString(forRegionCode:)`). Pure: the
/// same code and language give the same name on every build with the same toolchain.
package enum RegionNames {
    /// The guide's continent names (the built-in ones, in English) and the CLDR region that
    /// names each in other languages: UN M49 codes, and Antarctica's ISO 3166 code (M49's
    /// 010 has no name in CLDR). Oceania and the Americas, which CLDR also names, are there
    /// for a guide whose `continents:` use them.
    package static let continentRegions: [String: String] = [
        "Africa": "002", "Americas": "019", "Asia": "142", "Australasia": "053", "Europe": "150",
        "North America": "003", "Oceania": "009", "South America": "005", "Antarctica": "AQ",
    ]

    /// The name of the country whose ISO 3166-1 alpha-2 code is `code` (any case) in
    /// `language` (a BCP 47 code: `fr`, `pt-BR`): `Allemagne` for `DE` in `fr`. Nil for a code
    /// ISO 3166 does not assign, and for a language CLDR has no names in.
    package static func country(_ code: String, in language: String) -> String? {
        guard code.count == 2, let country = ISO3166.country(code: code) else { return nil }
        return region(country.alpha2, in: language)
    }

    /// The name in `language` of the country whose ISO code is `code` and whose names (its
    /// name, official name and aliases, in the default language `base`) are `names`, when
    /// those names are the code's: one of them is one of ISO's names for it or CLDR's in
    /// `base` (`Germany` for `DE`), or a typo away from one (`Turkey`, `Türkiye`). A part of a country that takes its country's code
    /// (England, `iso: GB`) gets none: CLDR's name would be the whole country's.
    package static func country(_ code: String?, named names: [String], base: String, in language: String) -> String? {
        guard let code, let country = ISO3166.country(code: code), let name = Self.country(country.alpha2, in: language) else { return nil }
        var known = Set(country.names.map(ISO3166.key))
        if let own = Self.country(country.alpha2, in: base) { known.insert(ISO3166.key(own)) }
        // A name a letter or two from one of them is one of them too (`Turkey`, `Türkiye`).
        return names.contains { known.contains(ISO3166.key($0)) || NameSuggestion.closest(to: ISO3166.key($0), in: known) != nil }
            ? name : nil
    }

    /// The name in `language` of the continent the guide calls `name` (one of
    /// `continentRegions`' names, in English): `Amérique du Nord` for `North America` in `fr`.
    /// Nil for a continent CLDR does not name (a guide's own, such as `Arctic`).
    package static func continent(_ name: String, in language: String) -> String? {
        continentRegions[name].flatMap { region($0, in: language) }
    }

    /// Whether CLDR has names in `language` (its base language: `fr` for `fr-CA`); ICU answers
    /// in English (its root) for one it lacks, which would pass for a translation.
    package static func hasNames(in language: String) -> Bool {
        let base = Locale(identifier: language).language.languageCode?.identifier ?? language
        return base == "en" || known.contains(base)
    }

    /// The base languages of ICU's locales: an identifier's first part (`fr` of `fr_CA`, `sr`
    /// of `sr_Latn_BA`), which is its language code (a `Locale` made of each of the 800 took
    /// 6 ms of every build of a guide in two languages).
    private static let known: Set<String> = Set(Locale.availableIdentifiers.map {
        String($0.prefix { $0 != "_" && $0 != "-" })
    })

    private static func region(_ code: String, in language: String) -> String? {
        let key = language + "/" + code
        if let known = regions.withLock({ $0[key] }) { return known }
        var found: String?
        if hasNames(in: language) {
            let name = Locale(identifier: language).localizedString(forRegionCode: code)
            found = name == code ? nil : name
        }
        regions.withLock { $0[key] = .some(found) }
        return found
    }

    /// The names looked up so far, by `language/code` (ICU's lookup costs about 70 µs, and a
    /// guide in two languages asks for every country's names on every build).
    private static let regions = Locked<[String: String?]>([:])
}
