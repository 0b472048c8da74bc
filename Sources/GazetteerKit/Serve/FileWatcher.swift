import Foundation
import Glibc
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental
import Locking

/// Watches folders (recursively, including folders created later) and single files with
/// inotify, and reports the changed paths once things have been quiet for `debounce`, so
/// that an editor's save (write, rename, chmod) becomes one call. The thread blocks in
/// poll(2): no busy loop. Editor scratch files (`.swp`, `~`, `.#*`, `4913`) are ignored.
///
/// With `changes`, every path an event names is also noted there at once (scratch files too:
/// they change their folder), for the builds to stat only those (`WatchedChanges`); lost
/// events, a lost watch or a folder that cannot be watched make it unsure.
public final class FileWatcher: Sendable {
    private struct Watch {
        var path: String
        /// Folders given to watch, and the folders below them (new ones are added as they appear).
        var recursive: Bool
        /// For the parent folder of a watched file: the names of interest (nil: every name).
        var names: Set<String>?
    }

    private struct State {
        var watches: [Int32: Watch] = [:]
        /// The folders given, watched whole.
        var roots: Set<String> = []
        var started = false
        var stopped = false
    }

    private let inotify: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let debounce: Duration
    private let onChange: @Sendable (Set<String>) -> Void
    private let changes: WatchedChanges?
    private let state = Locked(State())
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `paths` (folders recursively, files through their parent folder; a file may not
    /// exist yet). `onChange` gets absolute paths, on the watcher's own thread.
    public convenience init(paths: [URL], debounce: Duration = .milliseconds(75),
                            onChange: @escaping @Sendable (Set<String>) -> Void) throws(ServeError) {
        try self.init(paths: paths, debounce: debounce, changes: nil, onChange: onChange)
    }

    init(paths: [URL], debounce: Duration = .milliseconds(75), changes: WatchedChanges?,
         onChange: @escaping @Sendable (Set<String>) -> Void) throws(ServeError) {
        let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard fd >= 0 else { throw .cannotWatch(path: paths.first?.path ?? "", reason: Self.lastError()) }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw .cannotWatch(path: paths.first?.path ?? "", reason: Self.lastError())
        }
        for end in pipeFDs { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        inotify = fd
        wakePipe = (pipeFDs[0], pipeFDs[1])
        self.debounce = debounce
        self.onChange = onChange
        self.changes = changes
        var folders: [String] = [], files: Set<String> = []
        do {
            for url in paths {
                let path = url.standardizedFileURL.path
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    let whole = try state.withLock { s throws(ServeError) in
                        s.roots.insert(path)
                        return try addTree(path, to: &s).whole
                    }
                    // A folder inside it that cannot be watched: changes there go unseen.
                    if whole { folders.append(path) }
                } else {
                    files.insert(path)
                    let parent = (path as NSString).deletingLastPathComponent
                    let name = (path as NSString).lastPathComponent
                    try state.withLock { s throws(ServeError) in try add(parent, Watch(path: parent, recursive: false, names: [name]), to: &s) }
                }
            }
        } catch {
            closeDescriptors()
            throw error
        }
        changes?.watching(folders: folders, files: files)
    }

    deinit { if !state.withLock({ $0.started }) { closeDescriptors() } }

    /// The folders currently watched (for tests and diagnostics).
    public var watchedFolders: Set<String> { state.withLock { Set($0.watches.values.map(\.path)) } }

    /// Starts reporting changes on a background thread.
    public func start() {
        guard state.withLock({ s in
            defer { s.started = true }
            return !s.started && !s.stopped
        }) else { return }
        let thread = Thread { [self] in
            run()
            state.withLock { _ in closeDescriptors() }
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// Stops watching (a callback already running finishes; none starts later).
    public func stop() {
        state.withLock { s in
            guard !s.stopped else { return }
            s.stopped = true
            if s.started {
                var byte: UInt8 = 1
                _ = write(wakePipe.write, &byte, 1)
            }
        }
    }

    private func run() {
        var changed: Set<String> = []
        var firstChange = ContinuousClock.now, lastChange = ContinuousClock.now
        let maxDelay = max(debounce * 5, .milliseconds(500))  // a steady stream of writes still gets reported
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var timeout: Int32 = -1
            if !changed.isEmpty {
                let due = min(lastChange + debounce, firstChange + maxDelay)
                timeout = Int32(max(0, Self.milliseconds(due - .now)))
            }
            let ready = Socket.poll([inotify, wakePipe.read], timeout: timeout)
            if state.withLock({ $0.stopped }) { return }
            if ready == 0 {
                let count = read(inotify, &buffer, buffer.count)
                guard count > 0 else { continue }
                if changed.isEmpty { firstChange = .now }
                lastChange = .now
                changed.formUnion(handleEvents(buffer[..<count]))
                if changed.isEmpty { continue }
            } else if ready == nil, !changed.isEmpty {
                let report = changed
                changed = []
                if state.withLock({ $0.stopped }) { return }
                onChange(report)
            }
        }
    }

    /// The paths named by a batch of inotify events; new folders are watched (and their contents reported).
    private func handleEvents(_ bytes: ArraySlice<UInt8>) -> Set<String> {
        var paths: Set<String> = []
        // For `changes`: the paths, scratch files included; whether a change may have been missed.
        var touched: [String] = []
        var unsure = false
        defer {
            changes?.record(touched)
            if unsure { changes?.unsure() }
        }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 16 <= raw.count {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = raw[(offset + 16)..<min(raw.count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                state.withLock { s in
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {  // events were lost: report every watched folder
                        paths.formUnion(s.watches.values.map(\.path))
                        unsure = true
                        return
                    }
                    guard let watch = s.watches[wd] else { return }
                    if mask & UInt32(IN_IGNORED) != 0 {  // a watch is gone (its folder, or its file system)
                        s.watches[wd] = nil
                        unsure = true
                        return
                    }
                    if name.isEmpty {  // the watched folder itself was deleted or moved
                        if watch.names == nil { paths.insert(watch.path) }
                        // A folder given is no longer watched at all.
                        if s.roots.contains(watch.path) { changes?.lostCoverage() }
                        unsure = true
                        return
                    }
                    guard watch.names?.contains(name) ?? true else { return }
                    let path = watch.path + "/" + name
                    touched.append(path)
                    guard !Self.isEditorScratch(name) else { return }
                    paths.insert(path)
                    guard watch.recursive, mask & UInt32(IN_ISDIR) != 0 else { return }
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        // Files may have been written into the folder before its watch existed.
                        let added = try? addTree(path, to: &s)
                        paths.formUnion(added?.files ?? [])
                        touched += added?.files ?? []
                        if added?.whole != true { changes?.lostCoverage() }
                    } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                        // Watches follow the folder, which is no longer at this path.
                        for (old, moved) in s.watches where moved.path == path || moved.path.hasPrefix(path + "/") {
                            inotify_rm_watch(inotify, old)
                            s.watches[old] = nil
                        }
                    }
                }
            }
        }
        return paths
    }

    /// Watches `root` and every folder below it; returns the files already inside, and
    /// whether every folder could be watched.
    @discardableResult
    private func addTree(_ root: String, to s: inout State) throws(ServeError) -> (files: Set<String>, whole: Bool) {
        try add(root, Watch(path: root, recursive: true, names: nil), to: &s)
        var files: Set<String> = []
        var whole = true
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            if (enumerator?.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                do throws(ServeError) { try add(path, Watch(path: path, recursive: true, names: nil), to: &s) } catch { whole = false }
            } else if !Self.isEditorScratch((relative as NSString).lastPathComponent) {
                files.insert(path)
            }
        }
        return (files, whole)
    }

    private func add(_ folder: String, _ watch: Watch, to s: inout State) throws(ServeError) {
        let wd = inotify_add_watch(inotify, folder, Self.mask)
        guard wd >= 0 else { throw .cannotWatch(path: folder, reason: Self.lastError()) }
        if let old = s.watches[wd] {  // the same folder again: widen what is reported
            let names: Set<String>? = if let a = old.names, let b = watch.names { a.union(b) } else { nil }
            s.watches[wd] = Watch(path: old.path, recursive: old.recursive || watch.recursive, names: names)
        } else {
            s.watches[wd] = watch
        }
    }

    private func closeDescriptors() {
        close(inotify)
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Swap, backup and lock files that editors write next to the real one.
    static func isEditorScratch(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasPrefix(".#") || name == "4913"
            || [".swp", ".swx", ".swo", ".swpx"].contains { name.hasSuffix($0) }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
