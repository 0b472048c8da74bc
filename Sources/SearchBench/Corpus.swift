import Foundation
import Search

/// 249 countries and 9,749 cities with ~1.5 KB bodies drawn from a Zipf-like vocabulary,
/// the same every run (a fixed linear congruential generator).
struct Corpus {
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    private mutating func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }

    private mutating func word(syllables: Int) -> String {
        let parts = ["ka", "lo", "ri", "san", "ta", "mi", "vo", "ber", "el", "un", "dor", "is", "ha", "ne", "gu", "pol",
                     "tre", "os", "ma", "qui", "zan", "fe", "li", "ro", "cha", "du", "ny", "we", "ak", "ço", "ré", "øy"]
        return (0..<syllables).map { _ in parts[next(parts.count)] }.joined()
    }

    /// Common words are drawn far more often than rare ones.
    private mutating func vocabularyWord(_ vocabulary: [String]) -> String {
        let r = Double(next(1_000_000)) / 1_000_000
        return vocabulary[min(vocabulary.count - 1, Int(pow(r, 3) * Double(vocabulary.count)))]
    }

    mutating func records(countries: Int = 249, cities: Int = 9_749) -> [SearchRecord] {
        var vocabulary: [String] = ["the", "of", "and", "a", "in", "is", "to", "with", "its", "city", "river", "old", "harbour"]
        while vocabulary.count < 30_000 { vocabulary.append(word(syllables: 2 + next(3))) }
        func body(_ corpus: inout Corpus) -> String {
            var text = ""
            while text.utf8.count < 1_500 {
                let sentence = (0..<(6 + corpus.next(10))).map { _ in corpus.vocabularyWord(vocabulary) }.joined(separator: " ")
                text += sentence.prefix(1).uppercased() + sentence.dropFirst() + ". "
            }
            return text
        }
        func title(_ corpus: inout Corpus, _ words: Int) -> String {
            (0..<words).map { _ in let w = corpus.word(syllables: 2 + corpus.next(2)); return w.prefix(1).uppercased() + w.dropFirst() }
                .joined(separator: " ")
        }
        var records: [SearchRecord] = []
        var countryNames: [(String, String)] = []
        for n in 0..<countries {
            let name = title(&self, 1 + next(2))
            countryNames.append((name, "country-\(n)"))
            records.append(SearchRecord(kind: .country, slug: "country-\(n)", name: name,
                                        officialName: "Republic of " + name, capital: title(&self, 1),
                                        motto: title(&self, 3), aliases: next(3) == 0 ? [title(&self, 1)] : [],
                                        thumbnail: .init(file: "images/flag-\(n).1a2b3c4d.png", width: 60, height: 40),
                                        body: body(&self)))
        }
        for n in 0..<cities {
            let country = countryNames[next(countryNames.count)]
            records.append(SearchRecord(kind: .city, slug: "city-\(n)", name: title(&self, 1 + next(2)),
                                        aliases: next(10) == 0 ? [title(&self, 1)] : [],
                                        countryName: country.0, countrySlug: country.1,
                                        thumbnail: .init(file: "images/city-\(n).1a2b3c4d.jpg", width: 64, height: 48),
                                        body: body(&self)))
        }
        return records
    }
}
