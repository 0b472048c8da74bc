import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Locking

/// Every file a build read and every folder it listed, with the stamp each had before it was
/// read, so that the next build can tell with one `stat` call per file, and without reading
/// or decoding anything else, that nothing changed and there is nothing to do.
///
/// A file is known by its stamp (see `FileStamp`), a folder by its own stamp, which changes
/// when a file is added to it, removed or renamed. A path that is a symlink (or anything but
/// a file or folder) cannot be watched this way: a build that reads one records no watch.
package struct InputWatch: Sendable {
    package typealias State = PathState

    /// Folders by absolute path; items name a folder by its index here.
    package private(set) var folders: [String] = []
    package private(set) var folderIndex: [String: Int] = [:]
    /// A name in a folder (`""` for the folder itself) and the state it must still have.
    package private(set) var items: [(folder: Int, name: String, state: State)] = []
    /// Set when a path could not be watched: then the watch is never trusted.
    package private(set) var unwatchable = false

    /// The build watched: its site folder and output folder.
    package var source = ""
    package var output = ""
    /// What the watched build made, for the summary of a build that has nothing to do.
    package var pages = 0
    package var dataFiles = 0
    package var images = 0
    /// Whether the watched build built drafts (`--drafts`, `serve`): a build that asks
    /// otherwise has something to do even when no file changed.
    package var drafts = false

    package init() {}

    /// Watches `path` (absolute), which had `state` (nil: a symlink or other, unwatchable).
    package mutating func add(_ path: String, _ state: State?) {
        guard let state else {
            unwatchable = true
            return
        }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) } ?? 0
        let folder = slash == 0 ? "/" : String(path.utf8.prefix(slash))!
        let name = String(path.utf8.dropFirst(slash + 1))!
        let index: Int
        if let known = folderIndex[folder] {
            index = known
        } else {
            index = folders.count
            folders.append(folder)
            folderIndex[folder] = index
        }
        items.append((index, name, state))
    }

    /// Watches `path` as it is now.
    package mutating func add(_ path: String) { add(path, Self.state(of: path)) }

    /// Whether `path` (absolute) is one of the watched paths.
    package func watches(_ path: String) -> Bool {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) } ?? 0
        let folder = slash == 0 ? "/" : String(path.utf8.prefix(slash))!
        let name = String(path.utf8.dropFirst(slash + 1))!
        guard let index = folderIndex[folder] else { return false }
        return items.contains { $0.folder == index && $0.name == name }
    }

    /// For each folder of `folders`, whether it is `path` or inside it: worked out once a
    /// folder, so that a walk over the items makes no path per item (20,000 at 10,000 pages).
    func folders(within path: String) -> [Bool] {
        let prefix = path + "/"
        return folders.map { $0 == path || $0.hasPrefix(prefix) }
    }

    /// Whether the path of the item at `item` (its folder's, and its name) is `path`; the two
    /// joined only when both ends match.
    func path(of item: Int, is path: String) -> Bool {
        let folder = folders[items[item].folder]
        guard !items[item].name.isEmpty else { return folder == path }
        return path.hasSuffix(items[item].name) && path.hasPrefix(folder) && folder + "/" + items[item].name == path
    }

    /// Watches a regular file whose stamp was taken earlier (nil: not a regular file).
    package mutating func add(_ path: String, file stamp: FileStamp?) { add(path, stamp.map { .file($0) } ?? Self.state(of: path)) }

    /// The state of `path` now, not following a final symlink; nil for a symlink or other.
    package static func state(of path: String) -> State? { PathState.of(path) }

    private static func state(_ info: stat) -> State? { PathState(info) }

    /// The watched paths as they are now (a `stat` call each, across the cores).
    package struct Check: Sendable {
        package let watch: InputWatch
        /// The state of each item now, in the order of `watch.items`.
        package let now: [State?]
        /// Whether every path still has the state it had.
        package let unchanged: Bool
        /// What the watcher reported, when the check took only what it named.
        package var hint: Hint?

        /// The stamps of the watched files, by absolute path, as they are now, except those
        /// directly in the folders `skipped`.
        package func fileStamps(skipping skipped: Set<String> = []) -> [String: FileStamp] {
            let skip = Set(skipped.compactMap { watch.folderIndex[$0] })
            var result: [String: FileStamp] = [:]
            result.reserveCapacity(now.count)
            for (item, state) in zip(watch.items, now) where !skip.contains(item.folder) {
                guard case .file(let stamp)? = state, !item.name.isEmpty else { continue }
                result[watch.folders[item.folder] + "/" + item.name] = stamp
            }
            return result
        }

        /// The stamps of the watched files at `paths` (absolute), as they are now: those
        /// alone, not a table of every watched file (a build that copies one file of
        /// `static/` again needs one stamp of 20,000).
        package func fileStamps(of paths: some Sequence<String>) -> [String: FileStamp] {
            var wanted: [Int: [String: String]] = [:]
            for path in paths {
                let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.distance(from: path.utf8.startIndex, to: $0) } ?? 0
                let folder = slash == 0 ? "/" : String(path.utf8.prefix(slash))!
                guard let index = watch.folderIndex[folder] else { continue }
                wanted[index, default: [:]][String(path.utf8.dropFirst(slash + 1))!] = path
            }
            var result: [String: FileStamp] = [:]
            guard !wanted.isEmpty else { return result }
            for (item, state) in zip(watch.items, now) {
                guard let names = wanted[item.folder], let path = names[item.name], case .file(let stamp)? = state else { continue }
                result[path] = stamp
            }
            return result
        }

        /// Whether a watched file is now missing, or no longer a regular file.
        package var filesGone: Bool {
            for (item, state) in zip(watch.items, now) {
                guard case .file = item.state else { continue }
                guard case .file? = state else { return true }
            }
            return false
        }

        /// Whether every watched folder at or under `path` is unchanged (so no file was added
        /// to any of them or removed), and `path` is in the state it was in: a folder missing
        /// last time and there now (a guide's first `static/`) holds files no watch has.
        package func foldersUnchanged(under path: String) -> Bool {
            let within = watch.folders(within: path)
            // By index, each field read in place: no copy of an item (its name) per item.
            for index in watch.items.indices {
                // The folder itself in any state: one missing last time and there now is new.
                if case .folder = watch.items[index].state {
                    guard within[watch.items[index].folder] || watch.path(of: index, is: path) else { continue }
                } else if !watch.path(of: index, is: path) {
                    continue
                }
                if now[index] != watch.items[index].state { return false }
            }
            return true
        }

        /// Whether no name that is not hidden (a leading dot) was added to or removed from any
        /// watched folder at or under `path`: a folder changed, but the watcher says which
        /// names changed in it, and each of those is hidden or there as before (a save by
        /// renaming a hidden new file over the old one).
        package func visibleNamesUnchanged(under path: String) -> Bool {
            let within = watch.folders(within: path)
            for index in watch.items.indices {
                guard case .folder = watch.items[index].state, now[index] != watch.items[index].state,
                      within[watch.items[index].folder] || watch.path(of: index, is: path) else { continue }
                let item = watch.items[index]
                let folder = watch.folders[item.folder]
                let full = item.name.isEmpty ? folder : folder + "/" + item.name
                guard case .folder? = now[index], sameVisibleNames(full) else { return false }
            }
            return true
        }

        /// The watch again, with the states of now (taken before this build read anything),
        /// and the output folders as given; nil when a path can no longer be watched or the
        /// output folders are not the same ones.
        package func renewed(outputFolders: [String: FileStamp]) -> InputWatch? {
            guard now.count == watch.items.count else { return nil }
            let output = watch.output
            // The output's own item sits in its parent folder; its folders' items in folders
            // inside it (or in the output itself).
            let parent = (output as NSString).deletingLastPathComponent
            let outputName = (output as NSString).lastPathComponent
            var relativeOf: [Int: String] = [:]
            for (index, folder) in watch.folders.enumerated() {
                if folder == output { relativeOf[index] = "" }
                else if folder.hasPrefix(output + "/") { relativeOf[index] = String(folder.dropFirst(output.count + 1)) }
            }
            let parentIndex = watch.folderIndex[parent]
            var renewed = watch
            var seen = 0
            for index in renewed.items.indices {
                guard let state = now[index] else { return nil }
                let item = watch.items[index]
                renewed.items[index].state = state
                guard case .folder = item.state else { continue }
                let relative: String
                if item.folder == parentIndex && item.name == outputName {
                    relative = ""
                } else if let base = relativeOf[item.folder], !item.name.isEmpty {
                    relative = base.isEmpty ? item.name : base + "/" + item.name
                } else {
                    continue
                }
                guard let stamp = outputFolders[relative] else { return nil }
                renewed.items[index].state = .folder(stamp)
                seen += 1
            }
            return seen == outputFolders.count ? renewed : nil
        }

        /// The watched files (absolute paths) whose state changed, or that are gone.
        /// The watched files that changed, when nothing else did: every folder as it was, and
        /// every changed file still a regular file (nil otherwise).
        package func onlyFilesChanged() -> [String]? {
            guard now.count == watch.items.count else { return nil }
            var result: [String] = []
            for (item, state) in zip(watch.items, now) where state != item.state {
                guard case .file = item.state, case .file? = state, !item.name.isEmpty else { return nil }
                result.append(watch.folders[item.folder] + "/" + item.name)
            }
            return result
        }

        /// The watched files whose stamp changed (absolute paths) and the watched folders whose
        /// stamp changed (a name added, removed or renamed in it), when nothing came or went
        /// and nothing changed kind (nil otherwise).
        package func changedFilesAndFolders() -> (files: [String], folders: [String])? {
            guard now.count == watch.items.count else { return nil }
            var files: [String] = [], folders: [String] = []
            for (item, state) in zip(watch.items, now) where state != item.state {
                let path = item.name.isEmpty ? watch.folders[item.folder] : watch.folders[item.folder] + "/" + item.name
                switch (item.state, state) {
                case (.file, .file?): files.append(path)
                case (.folder, .folder?): folders.append(path)
                default: return nil
                }
            }
            return (files, folders)
        }

        package func changedFiles() -> Set<String> {
            var result: Set<String> = []
            for (item, state) in zip(watch.items, now) where !item.name.isEmpty && state != item.state {
                guard case .file = item.state else { continue }
                result.insert(watch.folders[item.folder] + "/" + item.name)
            }
            return result
        }

        /// The paths of `paths` the watch does not hold yet.
        package func unwatched(_ paths: some Sequence<String>) -> [String] {
            var names: [Int: Set<String>] = [:]
            var result: [String] = []
            for path in paths {
                let folder = (path as NSString).deletingLastPathComponent
                guard let index = watch.folderIndex[folder] else { result.append(path); continue }
                if names[index] == nil {
                    names[index] = Set(watch.items.lazy.filter { $0.folder == index }.map(\.name))
                }
                if !names[index]!.contains((path as NSString).lastPathComponent) { result.append(path) }
            }
            return result
        }

        /// The state now of the watched path `path` (nil: not watched; `.some(nil)`: now a
        /// symlink or other).
        package func folderState(_ path: String) -> State?? {
            guard let parent = watch.folderIndex[(path as NSString).deletingLastPathComponent] else { return nil }
            let name = (path as NSString).lastPathComponent
            for (item, state) in zip(watch.items, now) where item.folder == parent && item.name == name {
                return .some(state)
            }
            return nil
        }

        /// The names of the watched files directly in the folder at `path`, when the folder
        /// itself is watched and unchanged (so no file was added to it or removed).
        package func unchangedListing(_ path: String) -> [String]? {
            guard let parent = watch.folderIndex[(path as NSString).deletingLastPathComponent],
                  let index = watch.folderIndex[path] else { return nil }
            let name = (path as NSString).lastPathComponent
            var unchanged = false
            for (item, state) in zip(watch.items, now) where item.folder == parent && item.name == name {
                unchanged = state != nil && state == item.state
            }
            guard unchanged else { return nil }
            return watch.items.filter { $0.folder == index && !$0.name.isEmpty }.map(\.name)
        }

        /// The names in the folder at `path` now, without listing it, when the watcher covers
        /// it: the watched ones there last time, less those reported and gone, with those
        /// reported and there now (a save by renaming a new file over the old changes the
        /// folder, not its names). Nil when the folder itself, or one it is in, was reported.
        package func knownListing(_ path: String) -> [String]? {
            guard let hint, let index = watch.folderIndex[path], hint.covers(path),
                  !hint.changed.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return nil }
            var names: Set<String> = []
            for item in watch.items where item.folder == index && !item.name.isEmpty && item.state != .missing {
                names.insert(item.name)
            }
            for changed in hint.changed where (changed as NSString).deletingLastPathComponent == path {
                let name = (changed as NSString).lastPathComponent
                if PathState.of(changed) == .missing { names.remove(name) } else { names.insert(name) }
            }
            return Array(names)
        }

        /// Whether the watched folder at `path` holds the same names not hidden as last time,
        /// by the watcher's reports alone (see `PriorListings.sameVisibleNames`).
        package func sameVisibleNames(_ path: String) -> Bool {
            guard let hint, let index = watch.folderIndex[path], hint.covers(path),
                  !hint.changed.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return false }
            for changed in hint.changed where (changed as NSString).deletingLastPathComponent == path {
                let name = (changed as NSString).lastPathComponent
                if name.hasPrefix(".") { continue }
                guard let before = watch.items.first(where: { $0.folder == index && $0.name == name })?.state else { return false }
                switch (before, PathState.of(changed)) {
                case (.file, .file?), (.folder, .folder?), (.missing, .missing?): continue
                default: return false
                }
            }
            return true
        }

        /// The watched files directly in the folder at `path`, each with the stamp it has now
        /// (nil: not a regular file), whether or not files were added there or removed since.
        package func listingWithStamps(_ path: String) -> [(name: String, stamp: FileStamp?)]? {
            guard let index = watch.folderIndex[path] else { return nil }
            var result: [(name: String, stamp: FileStamp?)] = []
            for (item, state) in zip(watch.items, now) where item.folder == index && !item.name.isEmpty {
                if case .file(let stamp)? = state { result.append((item.name, stamp)) } else { result.append((item.name, nil)) }
            }
            return result
        }
    }

    /// Stats every watched path, or with `hint` only those its reports can have changed (the
    /// others keep the state they had); stops early when `stopAtFirstChange` (a build that
    /// finds a change then reads the stamps it needs from the check, or takes them again).
    package func check(hint: Hint? = nil, stopAtFirstChange: Bool = false) -> Check {
        guard !unwatchable, !items.isEmpty else { return Check(watch: self, now: [], unchanged: false, hint: nil) }
        let mustStat = hint?.mustStat(self)
        var needed = [Bool](repeating: mustStat == nil, count: folders.count)
        if let mustStat { for (item, stat) in zip(items, mustStat) where stat { needed[item.folder] = true } }
        let descriptors = zip(folders, needed).map { $1 ? open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1 }
        defer { for fd in descriptors where fd >= 0 { close(fd) } }
        let items = self.items
        let parts = Parallel.parts(items.count, parts: 4) { range -> (states: [State?], changed: Bool) in
            var info = stat()
            var states: [State?] = []
            states.reserveCapacity(range.count)
            var changed = false
            for index in range {
                let item = items[index]
                let fd = descriptors[item.folder]
                let now: State?
                if let mustStat, !mustStat[index] {
                    now = item.state
                } else if item.name.isEmpty {
                    now = fd >= 0 && fstat(fd, &info) == 0 ? Self.state(info) : .missing
                } else if fd < 0 {
                    now = .missing
                } else if fstatat(fd, item.name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                    now = Self.state(info)
                } else {
                    now = errno == ENOENT || errno == ENOTDIR ? .missing : nil
                }
                states.append(now)
                if now != item.state {
                    changed = true
                    if stopAtFirstChange { break }
                }
            }
            return (states, changed)
        }
        let unchanged = !parts.contains { $0.changed }
        return Check(watch: self, now: unchanged || !stopAtFirstChange ? parts.flatMap(\.states) : [], unchanged: unchanged, hint: hint)
    }

    /// Whether the path is a folder (following symlinks).
    package static func isFolder(_ path: String) -> Bool { PathState.isFolder(path) }

    // MARK: Coding

    package func encode(into w: inout ByteWriter) {
        w.bool(unwatchable)
        w.string(source)
        w.string(output)
        w.uint(UInt64(pages))
        w.uint(UInt64(dataFiles))
        w.uint(UInt64(images))
        w.bool(drafts)
        w.uint(UInt64(folders.count))
        for folder in folders { w.string(folder) }
        w.uint(UInt64(items.count))
        for item in items {
            w.uint(UInt64(item.folder))
            w.string(item.name)
            switch item.state {
            case .missing: w.uint(0)
            case .file(let stamp): w.uint(1); stamp.encode(into: &w)
            case .folder(let stamp): w.uint(2); stamp.encode(into: &w)
            }
        }
    }

    package static func decode(from r: inout ByteReader) -> InputWatch? {
        var watch = InputWatch()
        watch.unwatchable = r.bool()
        watch.source = r.string()
        watch.output = r.string()
        watch.pages = Int(r.uint())
        watch.dataFiles = Int(r.uint())
        watch.images = Int(r.uint())
        watch.drafts = r.bool()
        for _ in 0..<r.count() {
            let folder = r.string()
            watch.folderIndex[folder] = watch.folders.count
            watch.folders.append(folder)
        }
        let count = r.count()
        watch.items.reserveCapacity(count)
        for _ in 0..<count {
            let folder = Int(r.uint())
            let name = r.string()
            let state: State
            switch r.uint() {
            case 0: state = .missing
            case 1: state = .file(FileStamp.decode(from: &r))
            case 2: state = .folder(FileStamp.decode(from: &r))
            default: return nil
            }
            guard folder < watch.folders.count else { return nil }
            watch.items.append((folder, name, state))
        }
        return r.failed ? nil : watch
    }
}

extension FileStamp {
    package func encode(into w: inout ByteWriter) {
        w.uint(device)
        w.uint(inode)
        w.int(Int(size))
        w.int(Int(modified))
        w.int(Int(changed))
    }

    package static func decode(from r: inout ByteReader) -> FileStamp {
        FileStamp(device: r.uint(), inode: r.uint(), size: Int64(r.int()), modified: Int64(r.int()), changed: Int64(r.int()))
    }
}

extension InputWatch.Check: PriorListings {}
