import Load
import Model

/// Where the data files go in the output (documented in docs/templates.md).
package enum DataPaths {
    package static let countries = "data/countries.json"
    package static let cities = "data/cities.json"
    package static let countriesTable = "data/countries.csv"
    package static let citiesTable = "data/cities.csv"

    /// The schema of one record of `kind` (`data/schema/country.json`).
    package static func recordSchema(_ kind: ContentKind) -> String { "data/schema/\(name(kind)).json" }
    /// The schema of the collection of `kind` (`data/schema/countries.json`).
    package static func collectionSchema(_ kind: ContentKind) -> String { kind == .country ? "data/schema/countries.json" : "data/schema/cities.json" }
    package static func collection(_ kind: ContentKind) -> String { kind == .country ? countries : cities }
    package static func table(_ kind: ContentKind) -> String { kind == .country ? countriesTable : citiesTable }

    /// An entry's record, beside its page: `countries/france.json`.
    package static func record(_ entry: ContentEntry) -> String {
        String(entry.outputPath.dropLast(".html".count)) + ".json"
    }

    static func name(_ kind: ContentKind) -> String { kind.word }
}
