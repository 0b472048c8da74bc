extension SiteModel {
    /// How many entries the feed holds.
    package static let newestCount = 20

    /// The newest entries, countries and cities together, newest first (by `feedDate`: the
    /// `date` key, else the file's first appearance in the build record), then by path.
    package func newest(_ count: Int = newestCount) -> [ContentEntry] {
        let all = countries + cities
        return all.sorted { a, b in
            let (x, y) = (a.feedDate.seconds, b.feedDate.seconds)
            return x != y ? x > y : a.path < b.path
        }.prefix(count).map { $0 }
    }
}

extension SiteModel {
    /// The entries whose picture or flag says who made it (`picture_credit:`...), countries
    /// then cities, each in the guide's order; a placeholder has none.
    package var credited: [ContentEntry] {
        (countries + cities).filter { $0.credit != nil && !$0.image.isPlaceholder }
    }
}
