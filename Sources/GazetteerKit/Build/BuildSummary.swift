import Diagnostics
/// What a build did, for the one-line summary.
public struct BuildSummary: Sendable, CustomStringConvertible {
    /// HTML pages of the output, and its other rendered files (JSON, CSV, the sitemap).
    public var pages: Int
    public var dataFiles = 0
    public var thumbnailsMade: Int
    public var thumbnailsReused: Int
    public var seconds: Double
    /// Pages and data files rendered in this build (the others were unchanged since the last one).
    public var pagesRendered: Int
    /// Files of the output written, replaced or removed.
    public var filesWritten: Int
    /// Thumbnails removed from the cache after the build (see `CachePrune`).
    public var thumbnailsRemoved = 0
    /// Time per stage.
    public var timings = BuildTimings()
    /// Why everything was built again when the manifest could not be used (one line).
    public var note: String?
    /// What is merely odd (files in content/ nothing uses), located.
    public var warnings: [Diagnostic] = []

    public var description: String {
        let time = (seconds * 100).rounded() / 100
        return (note.map { $0 + "\n" } ?? "") + "Built \(pages) pages" + (dataFiles > 0 ? " and \(dataFiles) data files" : "")
            + " (\(pagesRendered) rendered, \(filesWritten) files written), "
            + "\(thumbnailsMade) thumbnails made, \(thumbnailsReused) reused from cache, in \(time) s"
            + (thumbnailsRemoved > 0 ? "\nRemoved \(thumbnailsRemoved) unused thumbnail\(thumbnailsRemoved == 1 ? "" : "s") from the cache" : "")
    }
}
