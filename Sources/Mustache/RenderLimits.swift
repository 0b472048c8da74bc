/// How much work one render may do before it stops with an error at the section or partial
/// that was about to repeat: a few sections over lists inside each other, or a partial
/// including itself twice, multiply the work past any real page. The defaults are far above
/// what real pages take (the largest page of a 10,000-page guide runs under a million steps
/// and writes a few MB) and stop a runaway page within a second or two of a release build.
public struct RenderLimits: Sendable, Equatable {
    /// Template instructions run (a text, a tag, a section entered).
    public var steps: Int
    /// Bytes of output.
    public var outputBytes: Int

    public init(steps: Int = 50_000_000, outputBytes: Int = 64 << 20) {
        self.steps = steps
        self.outputBytes = outputBytes
    }

    public static let standard = RenderLimits()
}
