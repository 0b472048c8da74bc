/// One country, city or page of one's own as the search index sees it: plain values the
/// build already has.
public struct SearchRecord: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case country, city, page

        /// Countries sort before cities, cities before pages, when two names fold the same ("Singapore").
        public static func < (a: Kind, b: Kind) -> Bool { a.order < b.order }
        /// Its number in saved states (0, 1, 2).
        public var order: Int { Kind.allCases.firstIndex(of: self)! }
        /// The kind numbered `order`; nil for any other number.
        public init?(order: Int) {
            guard Kind.allCases.indices.contains(order) else { return nil }
            self = Kind.allCases[order]
        }
    }

    /// What identifies a record across builds: its kind and slug (the page's file name).
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var kind: Kind
        public var slug: String
        public init(kind: Kind, slug: String) {
            self.kind = kind
            self.slug = slug
        }
        public static func < (a: ID, b: ID) -> Bool {
            a.kind != b.kind ? a.kind < b.kind : a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
        }
        public var description: String { "\(kind.rawValue)/\(slug)" }
    }

    /// A small picture made by the build, as a path relative to the site's root.
    public struct Thumbnail: Sendable, Equatable {
        public var file: String
        public var width: Int
        public var height: Int
        public init(file: String, width: Int, height: Int) {
            self.file = file
            self.width = width
            self.height = height
        }
    }

    public var kind: Kind
    public var slug: String
    public var name: String
    public var officialName: String?
    public var capital: String?
    public var motto: String?
    public var aliases: [String]
    /// For cities: the country they belong to (shown in results; not searched).
    public var countryName: String?
    public var countrySlug: String?
    public var thumbnail: Thumbnail?
    /// The page's text without markup, for matching and snippets.
    public var body: String

    public init(kind: Kind, slug: String, name: String, officialName: String? = nil, capital: String? = nil,
                motto: String? = nil, aliases: [String] = [], countryName: String? = nil, countrySlug: String? = nil,
                thumbnail: Thumbnail? = nil, body: String = "") {
        self.kind = kind
        self.slug = slug
        self.name = name
        self.officialName = officialName
        self.capital = capital
        self.motto = motto
        self.aliases = aliases
        self.countryName = countryName
        self.countrySlug = countrySlug
        self.thumbnail = thumbnail
        self.body = body
    }

    public var id: ID { ID(kind: kind, slug: slug) }
}

/// Where a query word matched, best first: a record ranks by its worst-matched query word.
public enum SearchField: UInt8, Sendable, CaseIterable, Comparable {
    case name = 0, officialName, capital, motto, alias, body

    public static func < (a: SearchField, b: SearchField) -> Bool { a.rawValue < b.rawValue }
}

extension SearchRecord {
    /// Each field's text with its rank; the body last.
    var fieldTexts: [(SearchField, String)] {
        var texts: [(SearchField, String)] = [(.name, name)]
        if let officialName { texts.append((.officialName, officialName)) }
        if let capital { texts.append((.capital, capital)) }
        if let motto { texts.append((.motto, motto)) }
        for alias in aliases { texts.append((.alias, alias)) }
        texts.append((.body, body))
        return texts
    }

    /// Every folded word of the record with the best field it occurs in.
    var words: [String: SearchField] {
        var best: [String: SearchField] = [:]
        best.reserveCapacity(body.utf8.count / 6 + 16)
        for (field, text) in fieldTexts {
            for word in Folding.words(in: text) {
                let slot = best.index(forKey: word)
                if slot == nil { best[word] = field }
            }
        }
        return best
    }
}
