/// What `Thumbnailer.make` did, counted in output files.
public struct ThumbnailBatchReport: Sendable {
    /// Files encoded and written to the cache.
    public var made: Int
    /// Files already in the cache (or made once for several identical plans in the batch).
    public var reused: Int
    /// One error per plan that failed, naming its source.
    public var errors: [ThumbnailError]

    public init(made: Int = 0, reused: Int = 0, errors: [ThumbnailError] = []) {
        self.made = made
        self.reused = reused
        self.errors = errors
    }
}
