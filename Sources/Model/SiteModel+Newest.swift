extension SiteModel {
    /// How many entries the feed holds.
    package static let newestCount = 20

    /// The newest entries, countries and cities together, newest first (by `feedDate`: the
    /// `date` key, else the file's first appearance in the build record), then by path.
    package func newest(_ count: Int = newestCount) -> [ContentEntry] {
        // One pass keeping the `count` first in order: the sort of every entry it replaces
        // was a tenth of a one-edit build's processor time at 10,000 entries.
        var kept: [(seconds: Int64, entry: ContentEntry)] = []
        kept.reserveCapacity(count + 1)
        func before(_ a: (seconds: Int64, entry: ContentEntry), _ b: (seconds: Int64, entry: ContentEntry)) -> Bool {
            a.seconds != b.seconds ? a.seconds > b.seconds : a.entry.path < b.entry.path
        }
        for list in [countries, cities] {
            for entry in list {
                let item = (seconds: entry.feedSeconds, entry: entry)
                if kept.count == count, let last = kept.last, !before(item, last) { continue }
                var at = kept.count
                while at > 0, before(item, kept[at - 1]) { at -= 1 }
                kept.insert(item, at: at)
                if kept.count > count { kept.removeLast() }
            }
        }
        return kept.map(\.entry)
    }
}

extension SiteModel {
    /// The entries whose picture or flag says who made it (`picture_credit:`...), countries
    /// then cities, each in the guide's order; a placeholder has none.
    package var credited: [ContentEntry] {
        (countries + cities).filter { $0.credit != nil && !$0.image.isPlaceholder }
    }
}
