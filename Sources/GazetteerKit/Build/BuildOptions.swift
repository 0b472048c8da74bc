import Foundation

/// What `gazetteer build` was asked to do.
public struct BuildOptions: Sendable {
    /// The site folder: `content/`, optionally `gazetteer.yaml` and `templates/`.
    public var source: URL
    /// Where the site is written (default: `site/` in the source folder).
    public var output: URL
    /// Where thumbnails are cached (default: `.gazetteer-cache/` in the source folder).
    public var cache: URL

    public init(source: URL, output: URL? = nil, cache: URL? = nil) {
        self.source = source.standardizedFileURL
        self.output = (output ?? source.appending(path: "site")).standardizedFileURL
        self.cache = (cache ?? source.appending(path: ".gazetteer-cache")).standardizedFileURL
    }
}
