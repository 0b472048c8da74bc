/// Settings of the index; the defaults suit Gazetteer's site.
public struct SearchOptions: Sendable, Equatable {
    /// The most bytes a leaf shard may hold before it is split by its next character.
    public var shardLimit: Int
    /// Records per file of display data (name, country, picture, text file).
    public var chunkSize: Int
    /// About how many records an order file lists (at most twice as many). A record whose
    /// identity hashes to a multiple of it ends a file, so that a record moving in name order
    /// changes the files at its old and new places, not every file after them.
    public var orderSize: Int
    /// The page of a record relative to the site's root, `{slug}` standing for its slug.
    public var countryPage: String
    public var cityPage: String
    /// The page of a page of one's own.
    public var pagePage = "{slug}.html"

    public init(shardLimit: Int = 12_000, chunkSize: Int = 16, orderSize: Int = 256,
                countryPage: String = "countries/{slug}.html", cityPage: String = "cities/{slug}.html") {
        self.shardLimit = shardLimit
        self.chunkSize = chunkSize
        self.orderSize = orderSize
        self.countryPage = countryPage
        self.cityPage = cityPage
    }
}

public enum SearchIndexError: Error, Equatable, CustomStringConvertible {
    case duplicateRecord(SearchRecord.ID)
    case unreadableState(String)

    public var description: String {
        switch self {
        case .duplicateRecord(let id): return "two search records are both \(id)"
        case .unreadableState(let why): return "the saved search index cannot be read (\(why)); build it again"
        }
    }
}
