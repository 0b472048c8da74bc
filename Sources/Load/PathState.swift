import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, not following a final symlink: nothing, a regular file or a folder,
/// with its stamp (nil, where a state is optional: a symlink or anything else).
package enum PathState: Equatable, Sendable {
    case missing
    case file(FileStamp)
    case folder(FileStamp)

    /// The state of `path` now.
    package static func of(_ path: String) -> PathState? {
        var info = stat()
        return lstat(path, &info) == 0 ? PathState(info) : (errno == ENOENT || errno == ENOTDIR ? .missing : nil)
    }

    package init?(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file(FileStamp(info))
        case S_IFDIR: self = .folder(FileStamp(info))
        default: return nil
        }
    }

    /// Whether `path` is a folder, following symlinks.
    package static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// What the scan may take from the previous build's record of the site folder, just checked
/// (the incremental engine's watch provides it): the state of a folder now, and its files.
package protocol PriorListings: Sendable {
    /// The state now of the watched path `path` (nil: not watched; `.some(nil)`: now a
    /// symlink or other).
    func folderState(_ path: String) -> PathState??
    /// The names of the files directly in the folder at `path`, when the folder is known
    /// unchanged (so no file was added to it or removed).
    func unchangedListing(_ path: String) -> [String]?
    /// The files directly in the folder at `path` last time, each with its stamp now.
    func listingWithStamps(_ path: String) -> [(name: String, stamp: FileStamp?)]?
    /// The names in the folder at `path` now, when known without listing it (`serve`'s file
    /// watcher reported every name added or removed there).
    func knownListing(_ path: String) -> [String]?
    /// Whether the folder at `path` holds the same names not hidden as last time, when known
    /// without listing it: it changed, but `serve`'s file watcher reported every name added
    /// or removed there, and each one reported is hidden or there as before (a save by
    /// writing a hidden new file and renaming it over the old one).
    func sameVisibleNames(_ path: String) -> Bool
}
