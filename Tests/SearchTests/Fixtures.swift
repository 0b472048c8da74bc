@testable import Search

/// A small guide's records, written out: enough countries and cities to exercise accents,
/// official names, capitals, mottos, aliases, bodies and scripts other than Latin.
enum Fixtures {
    static let records: [SearchRecord] = [
        SearchRecord(kind: .country, slug: "iceland", name: "Iceland", officialName: "Republic of Iceland",
                     capital: "Reykjavík", motto: nil, aliases: ["Ísland"],
                     thumbnail: .init(file: "images/iceland.0a1b2c3d.png", width: 30, height: 20),
                     body: "An island of glaciers, geysers and volcanoes in the North Atlantic."),
        SearchRecord(kind: .city, slug: "reykjavik", name: "Reykjavík", countryName: "Iceland", countrySlug: "iceland",
                     thumbnail: .init(file: "images/reykjavik.1a2b3c4d.jpg", width: 64, height: 48),
                     body: "The northernmost capital of a sovereign state, warmed by geothermal water."),
        SearchRecord(kind: .country, slug: "ivory-coast", name: "Côte d'Ivoire", officialName: "Republic of Côte d'Ivoire",
                     capital: "Yamoussoukro", motto: "Union, Discipline, Travail", aliases: ["Ivory Coast"],
                     body: "Cocoa farms stretch inland from the lagoons of the coast."),
        SearchRecord(kind: .city, slug: "san-francisco", name: "San Francisco", countryName: "United States", countrySlug: "united-states",
                     body: "Cable cars climb the hills above the bay; the fog rolls in over the Golden Gate."),
        SearchRecord(kind: .city, slug: "san-diego", name: "San Diego", countryName: "United States", countrySlug: "united-states",
                     body: "A harbour city near the border, with beaches and a famous zoo."),
        SearchRecord(kind: .city, slug: "santiago", name: "Santiago", countryName: "Chile", countrySlug: "chile",
                     body: "Framed by the Andes, it is where Chile's government meets. Fog is rare."),
        SearchRecord(kind: .country, slug: "germany", name: "Germany", officialName: "Federal Republic of Germany",
                     capital: "Berlin", motto: "Einigkeit und Recht und Freiheit",
                     body: "Straßen, forests and the Rhine; a federation of sixteen states."),
        SearchRecord(kind: .city, slug: "berlin", name: "Berlin", countryName: "Germany", countrySlug: "germany",
                     body: "Its wall fell in 1989; today it is known for museums and clubs."),
        SearchRecord(kind: .city, slug: "osaka", name: "大阪", aliases: ["Osaka"], countryName: "Japan", countrySlug: "japan",
                     body: "Known as the nation's kitchen: takoyaki and okonomiyaki."),
        SearchRecord(kind: .country, slug: "greece", name: "Ελλάδα", officialName: "Ελληνική Δημοκρατία",
                     capital: "Αθήνα", motto: "Ελευθερία ή θάνατος", aliases: ["Greece"],
                     body: "Islands, olive groves and the ruins of ancient cities."),
        SearchRecord(kind: .country, slug: "singapore", name: "Singapore", capital: "Singapore",
                     body: "A city state at the tip of the Malay peninsula."),
        SearchRecord(kind: .city, slug: "singapore", name: "Singapore", countryName: "Singapore", countrySlug: "singapore",
                     body: "Hawker centres and gardens by the bay."),
    ]

    /// Records tied on their fields whose names run the other way from their slugs (ids follow
    /// slugs): ten cities named "Porto A" to "Porto J"; twelve, "Keeper A" to "Keeper L", whose
    /// bodies alone say "lighthouse"; nine, "Signal A" to "Signal I", whose bodies say "beacon";
    /// two whose bodies say "lantern", one named with a character above U+FFFF, the other with
    /// one of U+FF00-U+FFFF (UTF-16 puts the first before, code points after); and 200 others.
    /// With chunks of four, the browser tells the first eight Porto from the shard's list by
    /// name, the Signals from their rows, the Keepers from the order files.
    static let ties: [SearchRecord] = {
        let letters = "ABCDEFGHIJKL".map(String.init)
        var records: [SearchRecord] = []
        for (n, letter) in letters.prefix(10).enumerated() {
            records.append(SearchRecord(kind: .city, slug: "porto-\(9 - n)", name: "Porto \(letter)", countryName: "Portugal",
                                        body: "A port."))
        }
        for (n, letter) in letters.enumerated() {
            records.append(SearchRecord(kind: .city, slug: "light-" + letters[11 - n].lowercased(), name: "Keeper \(letter)",
                                        body: "A lighthouse on the cape."))
        }
        for (n, letter) in letters.prefix(9).enumerated() {
            records.append(SearchRecord(kind: .city, slug: "beacon-" + letters[8 - n].lowercased(), name: "Signal \(letter)",
                                        body: "A beacon on the hill."))
        }
        records.append(SearchRecord(kind: .city, slug: "lantern-a", name: "𠀋 Lantern", body: "A lantern."))
        records.append(SearchRecord(kind: .city, slug: "lantern-b", name: "ｓ Lantern", body: "A lantern."))
        for n in 0..<200 { records.append(SearchRecord(kind: .city, slug: "filler-\(n)", name: "Filler \(n)", body: "word\(n)")) }
        return records
    }()

    static let tieOptions = SearchOptions(shardLimit: 200, chunkSize: 4, orderSize: 8)
}

