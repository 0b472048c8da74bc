import Foundation
import Diagnostics
import Load

/// The ISO 3166-1 countries (the table of `ISO3166Table.swift`, made from Debian's iso-codes by
/// `make iso3166`): a country of the guide gets its code from `iso:` or, without it, from its
/// name, official name or aliases, matched in any case and with or without accents.
package enum ISO3166 {
    package struct Country: Sendable, Hashable {
        /// Upper case, such as `FR`.
        package var alpha2: String
        /// Upper case, such as `FRA`.
        package var alpha3: String
        /// ISO's short name, such as `Bolivia, Plurinational State of`.
        package var name: String
        package var officialName: String?
        /// Where ISO gives one, the name people use (`Bolivia`).
        package var commonName: String?

        /// Its names, the one to show first.
        package var names: [String] { [commonName, name, officialName].compactMap { $0 } }
    }

    package static let countries: [Country] = table.split(separator: "\n").map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func optional(_ index: Int) -> String? { index < fields.count && !fields[index].isEmpty ? fields[index] : nil }
        return Country(alpha2: fields[0], alpha3: fields[1], name: fields[2], officialName: optional(3), commonName: optional(4))
    }

    private static let byCode: [String: Country] = Dictionary(
        countries.flatMap { [($0.alpha2, $0), ($0.alpha3, $0)] }, uniquingKeysWith: { first, _ in first })

    /// Every name's folded key (see `key`), and its country.
    private static let byName: [String: Country] = Dictionary(
        countries.flatMap { country in country.names.map { (key($0), country) } }, uniquingKeysWith: { first, _ in first })

    /// The country of an alpha-2 or alpha-3 code, in any case (`fr`, `FRA`).
    package static func country(code: String) -> Country? {
        byCode[code.trimmingCharacters(in: .whitespaces).uppercased()]
    }

    /// The country the first of `names` that is an ISO name names (in any case, with or without
    /// accents: `cote d'ivoire` for `Côte d'Ivoire`).
    package static func country(named names: [String]) -> Country? {
        for name in names {
            if let country = byName[key(name)] { return country }
        }
        return nil
    }

    /// The ISO name a typo away from one of `names` (`Turkey` is not `Türkiye`), or the one
    /// ISO name that starts with its words (`São Tomé`, `Sao Tome and Principe`), or nil.
    package static func closestName(to names: [String]) -> (name: String, country: Country)? {
        let keyed = countries.flatMap { country in country.names.map { (key: key($0), name: $0, country: country) } }
        for name in names {
            if let close = NameSuggestion.closest(to: key(name), in: keyed.map(\.key)), let match = keyed.first(where: { $0.key == close }) {
                return (match.name, match.country)
            }
        }
        for name in names {
            let start = key(name) + "-"
            let matches = keyed.filter { $0.key.hasPrefix(start) }
            if let first = matches.first, matches.allSatisfy({ $0.country == first.country }) { return (first.name, first.country) }
        }
        return nil
    }

    /// Lower case, without accents, words joined by hyphens: `Türkiye`, `turkiye` and `TURKIYE` match.
    static func key(_ text: String) -> String {
        Slug.make(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }
}
