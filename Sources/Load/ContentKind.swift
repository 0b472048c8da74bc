import Foundation

/// The two kinds of content file: a country (`content/countries/`) or a city (`content/cities/`).
package enum ContentKind: UInt8, Sendable {
    /// A page of one's own (`content/pages/about.md`): a title and a text, in the menu or the footer.
    case country = 0, city = 1, page = 2

    /// The folder of the site that holds files of this kind.
    package var folder: String {
        switch self {
        case .country: "content/countries"
        case .city: "content/cities"
        case .page: "content/pages"
        }
    }

    /// The kind of the content file at site-relative `path`, by its folder.
    package static func of(path: String) -> ContentKind {
        for kind in [ContentKind.country, .page] where path.hasPrefix(kind.folder + "/") { return kind }
        return .city
    }

    /// What a file of this kind is, in a word.
    package var word: String {
        switch self {
        case .country: "country"
        case .city: "city"
        case .page: "page"
        }
    }

    /// The slug a content file's name gives it (`content/cities/São Paulo.md` -> `sao-paulo`).
    package static func slug(ofPath path: String) -> String {
        let name = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last.map { Array($0) } ?? []
        // Most file names are slugs already (`sao-paulo.md`): then the slug is the name
        // without `.md`, and the slow general way below would give the same.
        if name.count > 3, name.suffix(3).elementsEqual(".md".utf8) {
            let stem = name.dropLast(3)
            var previous = UInt8(ascii: "-")
            var plain = true
            for byte in stem {
                let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                if !letter && (byte != UInt8(ascii: "-") || previous == UInt8(ascii: "-")) || byte == UInt8(ascii: ".") {
                    plain = false
                    break
                }
                previous = byte
            }
            if plain, previous != UInt8(ascii: "-") { return String(decoding: stem, as: UTF8.self) }
        }
        return Slug.make((path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: ""))
    }
}
