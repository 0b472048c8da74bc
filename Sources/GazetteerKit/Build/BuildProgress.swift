/// Where a build reports how far its long stages are: `stage` is "pages" or "thumbnails",
/// called from any thread as work finishes.
public struct BuildProgress: Sendable {
    public var update: @Sendable (_ stage: String, _ done: Int, _ total: Int) -> Void

    public init(update: @escaping @Sendable (_ stage: String, _ done: Int, _ total: Int) -> Void) {
        self.update = update
    }
}
