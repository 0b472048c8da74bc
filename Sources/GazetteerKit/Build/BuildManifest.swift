import Foundation

/// What the last successful build read and wrote, kept in the cache folder
/// (`.gazetteer-cache/manifest.bin`) so that the next build redoes only what changed:
/// every content file's stamp and validated entry, the thumbnail plans of every picture,
/// and every page's key (a hash of all it was made from) with the thumbnails it shows.
///
/// The manifest is removed before the output folder is changed and written again after,
/// so an interrupted build leaves none, and the build after it starts clean.
struct BuildManifest: Sendable {
    static let formatVersion = 1

    /// A hash of what every page depends on: settings, theme folder, site folder, the
    /// gazetteer executable. When it changes, nothing of the manifest but plans is used.
    var globalKey: String
    /// A hash of every template's name and text.
    var templatesKey: String
    var output: OutputState
    /// Content files by site-relative path, with the stamp they had when processed.
    var entries: [String: StampedEntry]
    /// Thumbnail plans by source path.
    var sources: [String: ImagePlanner.KnownSource]
    /// Pages (and `sitemap.xml`) by output path.
    var pages: [String: PageRecord]
    /// Theme assets by output path, with the stamp of the file they were linked from.
    var assets: [String: FileStamp]
    /// What the build read, for telling quickly that nothing changed (nil: not known).
    var watch: InputWatch?

    struct StampedEntry: Sendable {
        /// Nil for a file that is read every time (a symlink).
        var stamp: FileStamp?
        var entry: ContentEntry
    }

    struct PageRecord: Sendable {
        /// A hash of everything the page was rendered from.
        var key: String
        /// The thumbnails it shows (file names in `images/`), sorted.
        var images: [String]
    }

    /// The output folder as the build left it: its path, and the stamp of every folder in it
    /// (site-relative, `""` for the output folder itself). A file added to or removed from
    /// the output by someone else changes its folder's stamp, and the output is then
    /// written whole again.
    struct OutputState: Sendable, Equatable {
        var path: String
        var folders: [String: FileStamp]

        /// The stamps of the folders of the output at `output` now.
        static func current(_ output: URL) -> OutputState {
            var folders: [String: FileStamp] = [:]
            var pending = [""]
            while let folder = pending.popLast() {
                let path = folder.isEmpty ? output.path : output.path + "/" + folder
                guard let stamp = FileStamp.following(path), let stream = opendir(path) else { continue }
                folders[folder] = stamp
                while let item = readdir(stream) {
                    let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                    guard name != ".", name != ".." else { continue }
                    let child = folder.isEmpty ? name : folder + "/" + name
                    let type = item.pointee.d_type
                    if type == UInt8(DT_DIR) || (type == UInt8(DT_UNKNOWN) && FileStamp.of(path + "/" + name) == nil
                        && FileStamp.following(path + "/" + name) != nil) {
                        pending.append(child)
                    }
                }
                closedir(stream)
            }
            return OutputState(path: output.path, folders: folders)
        }

        /// Whether the output at `output` is still as recorded (a few `stat` calls).
        func matches(_ output: URL) -> Bool {
            guard path == output.path, !folders.isEmpty else { return false }
            for (folder, stamp) in folders {
                guard FileStamp.following(folder.isEmpty ? output.path : output.path + "/" + folder) == stamp else {
                    return false
                }
            }
            return true
        }
    }

    /// Every thumbnail in the output: those the pages show and those inside bodies.
    var outputImages: Set<String> {
        var names: Set<String> = []
        for page in pages.values { names.formUnion(page.images) }
        for stamped in entries.values { names.formUnion(stamped.entry.bodyImageFiles) }
        return names
    }

    static func url(in cache: URL) -> URL { cache.appending(path: "manifest.bin") }

    /// The manifest file in `cache`, read but not yet decoded beyond its watch, or nil when
    /// there is none or it is not one this version wrote.
    static func read(from cache: URL) -> Header? {
        guard let data = FileManager.default.contents(atPath: url(in: cache).path) else { return nil }
        return header([UInt8](data))
    }

    /// Writes the manifest into `cache` (through a temporary file and a rename).
    func save(to cache: URL) throws {
        let target = Self.url(in: cache)
        let temporary = cache.appending(path: ".manifest.\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(encoded()).write(to: temporary)
        if rename(temporary.path, target.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Removes the manifest in `cache`, before the output folder is changed.
    static func remove(from cache: URL) {
        unlink(url(in: cache).path)
    }
}
