import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// What the last successful build read and wrote, kept in the cache folder
/// (`.gazetteer-cache/manifest.bin`) so that the next build redoes only what changed:
/// every content file's stamp and validated entry, the thumbnail plans of every picture,
/// every page's key (a hash of all it was made from) with the thumbnails it shows, and what
/// the build read (`InputWatch`).
///
/// The manifest is stored in parts (`ManifestParts`): a head naming them, and shards of
/// records, each rewritten only when one of its records changed. Its head is removed before
/// the output folder is changed and written again after, so an interrupted build leaves none,
/// and the build after it starts clean. The previous manifest is read as a `ManifestArchive`;
/// records that did not change are copied from it byte for byte into the next one, and a
/// shard none of whose records changed is kept as it is.
package struct BuildManifest: Sendable {
    package static let formatVersion = 16

    /// The format, the gazetteer version and executable (see `SiteBuild.engineKey`).
    package var engineKey: String
    /// A hash of what every page depends on: settings, theme folder, site folder, the
    /// gazetteer executable. When it changes, nothing of the manifest but plans is reused.
    package var globalKey: String
    package var output: OutputState
    /// How many thumbnails the output holds.
    package var imageCount: Int
    /// The files copied as they are (theme assets, static/, files pages link to) by output
    /// path, with the stamp of the file they were copied from.
    package var assets: [String: FileStamp]
    /// What the build read, for telling quickly that nothing changed (nil: not known).
    package var watch: InputWatch?
    /// Content files by site-relative path; with `keepsOtherEntries`, those this build read.
    package var entries: [String: Record<StampedEntry>] = [:]
    /// Whether every entry of the previous manifest that neither `entries` nor `removedEntries`
    /// names is this build's too, its record as it was (as `keepsOtherPages` for pages).
    package var keepsOtherEntries = false
    /// With `keepsOtherEntries`: the entries of the previous manifest that are no more.
    package var removedEntries: Set<String> = []
    /// Thumbnail plans by source path; with `keepsOtherSources`, those made in this build.
    package var sources: [String: Record<ImagePlanner.KnownSource>] = [:]
    /// Whether every source of the previous manifest that `sources` does not name is kept,
    /// its plans as they were (as `keepsOtherPages` for pages).
    package var keepsOtherSources = false
    /// Every file of every output (see `Output`), by output path; with `keepsOtherPages`, those
    /// this build made alone.
    package var pages: [String: Record<PageRecord>] = [:]
    /// Whether every page of the previous manifest that neither `pages` nor `removedPages`
    /// names is this build's too, its record as it was: an update that rendered a few pages
    /// names only those, not the 40,000 others of a guide of 10,000 entries in two languages.
    /// Only with the previous manifest (`save(to:previous:)`).
    package var keepsOtherPages = false
    /// With `keepsOtherPages`: the pages of the previous manifest that are no more.
    package var removedPages: Set<String> = []
    /// Every dependency a page read, each once: pages refer to them by position. A copied
    /// page record refers to the previous manifest's table, so this begins with it.
    package var dependencies: [Dependency] = []
    /// The value of each of `dependencies` as this build ended (`DependencyValues.value(of:)`),
    /// in the same order, so that the next build need not hash again those whose source it
    /// knows did not change (the lists, when no entry changed what the lists are made of).
    /// Empty: not known.
    package var dependencyValues: [PageKey] = []
    /// At least as many of `dependencies` as no page reads (those no longer read since the
    /// table was last compacted or checked are counted, not looked for): while it is at most
    /// half the table, no build needs to look at every page's positions to know the table
    /// is not worth compacting (see `DependencyTable.compacted(keeping:)`).
    package var unreadDependencies = 0

    package init(engineKey: String, globalKey: String, output: OutputState, imageCount: Int, assets: [String: FileStamp], watch: InputWatch? = nil, entries: [String: Record<StampedEntry>] = [:], sources: [String: Record<ImagePlanner.KnownSource>] = [:], pages: [String: Record<PageRecord>] = [:], dependencies: [Dependency] = []) {
        self.engineKey = engineKey
        self.globalKey = globalKey
        self.output = output
        self.imageCount = imageCount
        self.assets = assets
        self.watch = watch
        self.entries = entries
        self.sources = sources
        self.pages = pages
        self.dependencies = dependencies
    }

    /// A record to write: a value, or the bytes of an unchanged one in the previous manifest
    /// (where the archive says it is: a place only the archive reads).
    package enum Record<Value: Sendable>: Sendable {
        case value(Value)
        case copied(Range<Int>)
    }

    package struct StampedEntry: Sendable {
        /// Nil for a file that is read every time (a symlink).
        package var stamp: FileStamp?
        package var entry: ContentEntry

        package init(stamp: FileStamp?, entry: ContentEntry) {
            self.stamp = stamp
            self.entry = entry
        }
    }

    package struct PageRecord: Sendable {
        /// A hash of everything the page was rendered from (see `DependencyValues`).
        package var key: PageKey
        /// Where what its rendering read came from: positions in the manifest's
        /// `dependencies`, in the order the key hashes their values.
        package var dependencies: [TablePosition]
        /// The thumbnails it shows (file names in `images/`), sorted.
        package var images: [String]

        package init(key: PageKey, dependencies: [TablePosition], images: [String]) {
            self.key = key
            self.dependencies = dependencies
            self.images = images
        }
    }

    /// The output folder as the build left it: its path, and the stamp of every folder in it
    /// (site-relative, `""` for the output folder itself). A file added to or removed from
    /// the output by someone else changes its folder's stamp, and the output is then
    /// written whole again.
    package struct OutputState: Sendable, Equatable {
        package var path: String
        package var folders: [String: FileStamp]

        package init(path: String, folders: [String: FileStamp]) {
            self.path = path
            self.folders = folders
        }

        /// The stamps of the folders of the output at `output` now.
        package static func current(_ output: URL) -> OutputState {
            var folders: [String: FileStamp] = [:]
            var pending = [""]
            while let folder = pending.popLast() {
                let path = folder.isEmpty ? output.path : output.path + "/" + folder
                guard let stamp = FileStamp.following(path), let stream = opendir(path) else { continue }
                folders[folder] = stamp
                while let item = readdir(stream) {
                    let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    guard name != ".", name != ".." else { continue }
                    let type = item.pointee.d_type
                    if type == UInt8(DT_DIR) || (type == UInt8(DT_UNKNOWN) && InputWatch.isFolder(path + "/" + name)) {
                        pending.append(folder.isEmpty ? name : folder + "/" + name)
                    }
                }
                closedir(stream)
            }
            return OutputState(path: output.path, folders: folders)
        }

        /// The state after an update that placed the files `placed` and removed others: the
        /// known folders and those of placed files, stamped again (without listing any).
        package func restamped(placed: [String]) -> OutputState {
            var candidates = Set(folders.keys)
            for path in placed {
                var folder = (path as NSString).deletingLastPathComponent
                while !folder.isEmpty, candidates.insert(folder).inserted {
                    folder = (folder as NSString).deletingLastPathComponent
                }
            }
            var result: [String: FileStamp] = [:]
            for folder in candidates {
                if case .folder(let stamp)? = InputWatch.state(of: folder.isEmpty ? path : path + "/" + folder) {
                    result[folder] = stamp
                }
            }
            return OutputState(path: path, folders: result)
        }

        /// Whether the output at `output` is still as recorded (a few `stat` calls).
        package func matches(_ output: URL) -> Bool {
            guard path == output.path, !folders.isEmpty else { return false }
            for (folder, stamp) in folders {
                guard FileStamp.following(folder.isEmpty ? output.path : output.path + "/" + folder) == stamp else {
                    return false
                }
            }
            return true
        }
    }

    package static func url(in cache: URL) -> URL { cache.appending(path: "manifest.bin") }

    /// Writes the manifest into `cache`: the parts `previous` does not hold (see
    /// `ManifestParts`), then the head naming them (through a temporary file and a rename),
    /// then the parts no longer named are removed. The bytes of the parts written anew.
    @discardableResult
    package func save(to cache: URL, previous: ManifestArchive?) throws -> Int {
        let parts = try writeParts(to: cache, previous: previous)
        try commit(parts, to: cache)
        return parts.written
    }

    /// The parts of `save`, written (the head still names the previous manifest's).
    package func writeParts(to cache: URL, previous: ManifestArchive?) throws -> ManifestParts.Written {
        let folder = ManifestParts.folder(in: cache).path
        if mkdir(folder, 0o755) != 0, errno != EEXIST { throw CocoaError(.fileWriteUnknown) }
        guard let parts = ManifestParts.write(self, previous: previous, into: folder) else { throw CocoaError(.fileWriteUnknown) }
        return parts
    }

    /// Writes the manifest into `cache` with every part of `previous` as it is: only the head
    /// (the settings' keys, the output's stamps, the theme assets, the watch) differs, so
    /// nothing is decoded or encoded but the head. For a build that changed no record, no
    /// page and no dependency (one that only copied files again).
    package func saveKeepingParts(of previous: ManifestArchive, to cache: URL) throws {
        let parts = ManifestCoding.PartKind.allCases.map { Array(previous.parts($0)) }
        try commit(ManifestParts.Written(parts: parts, written: 0), to: cache)
    }

    /// The head naming `parts` put in place, and the parts it does not name removed.
    package func commit(_ parts: ManifestParts.Written, to cache: URL) throws {
        let target = Self.url(in: cache)
        let temporary = cache.appending(path: ".manifest.\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileBytes.write(ManifestCoding.head(self, parts: parts.parts), to: temporary.path),
              rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown)
        }
        ManifestParts.removeUnused(in: ManifestParts.folder(in: cache).path, keeping: parts.parts)
    }

    /// Removes the manifest in `cache`, before the output folder is changed (its head: the
    /// parts stay until the next manifest is saved, which copies from them).
    package static func remove(from cache: URL) {
        RetiredFile.retire(url(in: cache))
    }
}
