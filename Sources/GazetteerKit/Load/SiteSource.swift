import Foundation
import Mustache

/// Everything a build reads, as values: the site folder's content files, its settings
/// file and its theme. Produced by `SiteLoader`, the only stage that reads the source folder.
struct SiteSource: Sendable {
    /// The site folder, with symlinks resolved.
    var root: URL
    var configFile: SourceFile?
    var countries: [SourceFile]
    var cities: [SourceFile]
    var theme: Theme

    /// The absolute location of a file named by its site-relative path.
    func url(of path: String) -> URL { root.appending(path: path) }
}
