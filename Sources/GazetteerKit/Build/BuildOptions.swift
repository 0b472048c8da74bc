import Foundation
import Incremental

/// What `gazetteer build` was asked to do.
public struct BuildOptions: Sendable {
    /// The site folder: `content/`, optionally `gazetteer.yaml` and `templates/`.
    public var source: URL
    /// Where the site is written (default: `site/` in the source folder).
    public var output: URL
    /// Where thumbnails are cached (default: `.gazetteer-cache/` in the source folder).
    public var cache: URL
    /// False for `gazetteer check`: every validation runs (thumbnails are made into the
    /// cache, so broken pictures are found), but the output folder is not touched.
    public var writeOutput: Bool
    /// Hears how far long stages are (pages rendered, thumbnails made), for a progress line.
    public var progress: BuildProgress?
    /// Whether a build waits for another build of the same output or cache to finish (true),
    /// or fails at once (`--no-wait`).
    public var waitForOtherBuilds = true
    /// Whether warnings (files in content/ that nothing uses) fail the build (`--strict`).
    public var strict = false
    /// Whether entries with `draft: true` are built too (`--drafts`, and `serve`), each page
    /// with a banner saying so; otherwise they are left out, and a link to one is an error.
    public var drafts = false
    /// Whether the build may write into an output folder that no build of the guide made,
    /// and over files in it that no build wrote (`--force`; see `SiteBuild.claimOutput`).
    public var force = false
    /// Whether the build removes from the cache every thumbnail the output does not use, at
    /// once (`--gc`), not only those unused for `thumbnail_cache_days` (see `CachePrune`).
    public var collectGarbage = false
    /// Hears one-line notices, such as that the build waits for another.
    public var notice: (@Sendable (String) -> Void)?
    /// Where a successful build hands its model over, for edit mode (`serve --edit`); a build
    /// with one never stops at "nothing changed" before it has handed a model over.
    var editBasis: EditBasis.Receiver?
    /// What a process that builds again (`serve`) keeps of the manifest's parts between its
    /// builds (see `PartMemory`); nil: each build reads the manifest it needs.
    var partMemory: PartMemory?
    /// What `serve`'s file watcher saw change since the inputs were last checked
    /// (`WatchedChanges`): only those are stat'ed again; nil: every input is.
    var changes: InputWatch.Hint?

    public init(source: URL, output: URL? = nil, cache: URL? = nil, writeOutput: Bool = true) {
        self.writeOutput = writeOutput
        self.source = source.standardizedFileURL
        self.output = (output ?? source.appending(path: "site")).standardizedFileURL
        self.cache = (cache ?? source.appending(path: ".gazetteer-cache")).standardizedFileURL
    }
}
