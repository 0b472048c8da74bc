/// What a build did, for the one-line summary.
public struct BuildSummary: Sendable, CustomStringConvertible {
    public var pages: Int
    public var thumbnailsMade: Int
    public var thumbnailsReused: Int
    public var seconds: Double

    public var description: String {
        let time = (seconds * 100).rounded() / 100
        return "Built \(pages) pages, \(thumbnailsMade) thumbnails made, \(thumbnailsReused) reused from cache, in \(time) s"
    }
}
