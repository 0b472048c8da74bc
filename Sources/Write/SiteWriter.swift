import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Locking

/// The write stage. Files are written into a staging folder beside the output while pages
/// render, and nothing in the output changes until the whole build has succeeded. Then the
/// new site is published in one step: at every instant, even if the build is killed, the
/// output folder holds the previous site whole or the new one whole.
///
/// - A full build (`replaceOutput`) swaps the staging folder with the output (renameat2's
///   RENAME_EXCHANGE) and removes the old site.
/// - An incremental build (`update`) keeps a spare folder beside the output, `.site.spare`,
///   that holds the previous version of the site (files shared with the output by hard
///   links, never changed in place). It brings the spare up to date (the files the last build
///   changed, then this build's), swaps it with the output, and notes in `.site.spare.json`
///   which files now differ. The cost is that of the files changed, not of the site. If the
///   spare is missing or was being changed when a build died, it is made again from the
///   output (a hard link per file). `prepareSpare` makes it ahead of the next update, after
///   a full build (`serve` does, in the background, holding the output's build lock).
///
/// Where the file system cannot exchange two folders (some network file systems), the swap
/// is three renames: a moment with no output folder, but never one with half of each site.
package final class SiteWriter: Sendable {
    package let output: URL
    package let staging: URL
    private let spare: String
    private let spareState: String
    private let aside: String
    private let incremental: Bool
    private struct State {
        var stagedFolders: Set<String> = []
        /// How many files the build expects to make in the staging folder (`expect(files:)`).
        var expected = Int.max
        /// Whether the staging folder itself was placed (its folders are then made with `mkdir`).
        var stagingPlaced = false
        /// The spare's state, read (and its note removed) when the first page is written in place.
        var spareChecked = false
        var knownSpare: SpareState?
        /// Pages written straight into the spare: nothing to move for them.
        var writtenInSpare: Set<String> = []
        var storageFailed = false
    }
    private let state = Locked(State())
    private let files = FileQueue()

    /// Files so few that the folders they go in need not be placed (`expect(files:)`).
    package static let fewFiles = 256

    /// Prepares to write the site beside `output`: the staging folder is made when the first
    /// file goes into it (a build that writes every page into the spare makes none).
    /// `incremental`: the build will publish with `update` (pages it writes may go straight
    /// into the spare, see `write`). The staging folder is placed by the file system away
    /// from its parent's crowd of recently deleted files (`OutputFolders.makePlacedFolder`:
    /// every page may be a file made in it), unless the build says it makes only a few
    /// (`expect(files:)`).
    package init(output: URL, incremental: Bool = false) throws(DiagnosticList) {
        self.incremental = incremental
        self.output = output
        let parent = output.deletingLastPathComponent()
        let pid = ProcessInfo.processInfo.processIdentifier
        let name = output.lastPathComponent
        staging = parent.appending(path: ".\(name).staging-\(pid)")
        aside = parent.appending(path: ".\(name).old-\(pid)").path
        (spare, spareState) = Self.spare(of: output)
        OutputFolders.removeTree(staging.path)
        OutputFolders.removeTree(aside)
        Self.removeLeftovers(of: output)
        // A full build leaves the spare of the site it replaces stale: removed while it runs.
        if !incremental {
            unlink(spareState)
            RetiredFolder.retire(spare, beside: output)
        }
    }

    /// The build will make about `count` more files in the staging folder (the pages it
    /// renders, the thumbnails it links, the search files it writes): the folders made from
    /// now on are placed (see `init`) when that is more than `fewFiles`, and made with
    /// `mkdir` otherwise. Placing one takes probes of the file system (about 20 ms); making
    /// thousands of files in a folder that is not placed, beside many just deleted, can take
    /// seconds.
    package func expect(files count: Int) {
        state.withLock { $0.expected = count }
    }

    /// Writes a page of the site: into the staging folder, or, in an incremental build, over
    /// its copy in the spare when that copy is the spare's own (not shared with the live site
    /// by a hard link; every page the last build changed). Rewriting that file in place frees
    /// and allocates no inode, which is most of the cost of writing thousands of pages on ext4.
    /// Thread-safe; the file is made on the writer's own thread (`FileQueue`), and a failure
    /// comes from `finishWrites`.
    package func write(_ path: String, _ text: String) {
        files.add { [self] () throws(DiagnosticList) in
            var text = text
            if let inSpare = spareCopy(of: path) {
                let failed = text.withUTF8 { bytes in Self.writeFile(inSpare, UnsafeRawBufferPointer(bytes), inPlace: true) }
                if let failed { throw stagingFailure(inSpare, code: failed) }
                state.withLock { _ = $0.writtenInSpare.insert(path) }
                return
            }
            let target = try prepare(path)
            let failed = text.withUTF8 { bytes in Self.writeFile(target.path, UnsafeRawBufferPointer(bytes)) }
            if let failed { throw stagingFailure(target.path, code: failed) }
        }
    }

    /// Writes a file of the site into the staging folder now, on the calling thread (the
    /// search index's files, made while the writer's own thread links the thumbnails, in
    /// another folder). Thread-safe.
    package func writeNow(_ path: String, bytes: [UInt8]) throws(DiagnosticList) {
        let target = try prepare(path)
        let failed = bytes.withUnsafeBytes { Self.writeFile(target.path, $0) }
        if let failed { throw stagingFailure(target.path, code: failed) }
    }

    /// Puts a file from elsewhere (a thumbnail in the cache) into the staging
    /// folder: a hard link, or a copy across file systems. Thread-safe; made as
    /// `write(_:_:)` makes a page.
    package func link(_ path: String, from source: URL) {
        files.add { [self] () throws(DiagnosticList) in
            let target = try prepare(path)
            if Glibc.link(source.path, target.path) == 0 { return }
            guard errno == EXDEV || errno == EPERM || errno == EMLINK else {
                throw stagingFailure(target.path, code: errno)
            }
            do {
                try FileManager.default.copyItem(at: source, to: target)
            } catch {
                throw stagingFailure(target.path, code: Self.code(of: error))
            }
        }
    }

    /// Waits until the pages handed to `write` and the files to `link` are made; throws the failures.
    /// Publishing waits for them too.
    package func finishWrites() throws(DiagnosticList) {
        try files.finish()
    }

    /// Copies a file from elsewhere (a theme asset: a link would tie the output to the
    /// user's file) into the staging folder. Thread-safe.
    package func copy(_ path: String, from source: URL) throws(DiagnosticList) {
        let target = try prepare(path)
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw stagingFailure(target.path, code: Self.code(of: error))
        }
    }

    /// Removes the staging folder: the build failed or wrote nothing.
    package func discard() {
        // Not while files handed over are still being made in it.
        _ = try? files.finish()
        RetiredFolder.retire(staging.path, beside: output)
    }

    /// Publishes the staging folder, which holds the files `written`, as the whole new site.
    /// What the output holds that no build wrote (`ForeignFiles`: the files its record does
    /// not list) is linked into the staging folder first, and the record of `written` put
    /// beside it (`OutputRecord`). A file of the user's where the build wrote one fails the
    /// build, naming both, unless `replacingForeign` (`--force`): then it goes with the old site.
    package func replaceOutput(written: [String], replacingForeign: Bool) throws(DiagnosticList) {
        defer { discard() }
        try finishWrites()
        try makeStaging()
        var foreign: ForeignFiles?
        do throws(OutputFolders.Failure) {
            if OutputFolders.identity(output.path) != nil {
                foreign = try ForeignFiles(output: output.path, staging: staging.path, record: OutputRecord.read(in: output.path))
            }
        } catch {
            throw failure(error)
        }
        if let foreign, !foreign.conflicts.isEmpty, !replacingForeign { throw conflicts(foreign.conflicts) }
        try writeNow(OutputRecord.name, bytes: OutputRecord.text(of: written))
        forgetSpare()
        do throws(OutputFolders.Failure) {
            if let foreign {
                try foreign.link(from: output.path, into: staging.path)
                try OutputFolders.exchange(staging.path, output.path, aside: aside)
            } else {
                try OutputFolders.move(staging.path, output.path)
            }
        } catch {
            throw failure(error)
        }
    }

    /// Publishes the previous site with the staged files `placing` added or replaced and the
    /// files `removing` gone (and folders left empty), through the spare folder, and its
    /// record brought up to date. Only files the record lists are removed; a file of the
    /// user's where a new one goes fails the build as in `replaceOutput`. Returns whether the
    /// record was written again (the files the site is made of changed).
    @discardableResult
    package func update(placing: [String], removing: [String], replacingForeign: Bool) throws(DiagnosticList) -> Bool {
        defer { discard() }
        try finishWrites()
        guard let record = OutputRecord.read(in: output.path) else {
            throw DiagnosticList([Diagnostic(
                "\(OutputRecord.name), the list of the files the last build wrote, is gone from this folder: build again to write the whole site",
                at: SourceLocation(path: output.path))])
        }
        let new = placing.filter { !record.contains($0) }
        let inTheWay = ForeignFiles.conflicts(with: new, in: output.path)
        if !inTheWay.isEmpty, !replacingForeign { throw conflicts(inTheWay) }
        let removing = removing.filter { record.contains($0) }
        var placing = placing
        let text = record.text(adding: new, removing: removing)
        if let text {
            try writeNow(OutputRecord.name, bytes: text)
            placing.append(OutputRecord.name)
        }
        let (checked, written, knownSpare) = state.withLock { ($0.spareChecked, $0.writtenInSpare, $0.knownSpare) }
        let known = checked ? knownSpare : Self.readSpareState(spareState)
        // From here until the swap the spare is not known to match anything.
        unlink(spareState)
        do throws(OutputFolders.Failure) {
            var lag: [String] = []
            if let known, known.front == OutputFolders.identity(output.path), known.spare == OutputFolders.identity(spare) {
                lag = known.lag
            } else {
                guard written.isEmpty else {
                    // Pages went into a spare that no longer matches: cannot happen (the spare
                    // was checked first), but would publish a mix, so refuse.
                    throw OutputFolders.Failure(doing: "updating", path: spare, code: EINVAL)
                }
                OutputFolders.removeTree(spare)
                try OutputFolders.cloneTree(output.path, to: spare)
            }
            var folders: Set<String> = []
            var gone: [String] = []
            // A file this build places anyway is replaced by that rename: no need to bring over
            // the last build's version first (a template edit changes the same pages each time).
            let placed = Set(placing)
            for path in lag where !placed.contains(path) {
                try OutputFolders.removeFile(spare + "/" + path)
                let current = output.path + "/" + path
                guard access(current, F_OK) == 0 else { gone.append(path); continue }
                try OutputFolders.ensureFolder((path as NSString).deletingLastPathComponent, under: spare, known: &folders)
                if Glibc.link(current, spare + "/" + path) != 0 {
                    throw OutputFolders.Failure(doing: "writing", path: spare + "/" + path, code: errno)
                }
            }
            for path in removing { try OutputFolders.removeFile(spare + "/" + path) }
            // `--force`: the user's files in the way go with this spare.
            for conflict in inTheWay { OutputFolders.removeTree(spare + "/" + conflict.foreign) }
            for path in placing where !written.contains(path) {
                try OutputFolders.ensureFolder((path as NSString).deletingLastPathComponent, under: spare, known: &folders)
                // Its old name goes first: a rename over a file makes ext4 write the renamed
                // file back to the disk at once (`auto_da_alloc`), and the spare is not live.
                // Whatever stops that stops the rename too, which says so.
                unlink(spare + "/" + path)
                try OutputFolders.move(staging.path + "/" + path, spare + "/" + path)
            }
            OutputFolders.removeEmptiedFolders(of: gone + removing, under: spare)
            try OutputFolders.exchange(spare, output.path, aside: aside)
        } catch {
            throw failure(error)
        }
        Self.writeSpareState(spareState, front: output.path, spare: spare, lag: placing + removing)
        return text != nil
    }

    // MARK: The spare folder

    /// The spare folder beside `output`, and the note of its state.
    private static func spare(of output: URL) -> (folder: String, note: String) {
        let parent = output.deletingLastPathComponent(), name = output.lastPathComponent
        return (parent.appending(path: ".\(name).spare").path, parent.appending(path: ".\(name).spare.json").path)
    }

    /// Whether the spare beside `output` is the one its note describes (an update can use it).
    package static func spareIsReady(for output: URL) -> Bool {
        let (spare, note) = spare(of: output)
        guard let known = readSpareState(note) else { return false }
        return known.front == OutputFolders.identity(output.path) && known.spare == OutputFolders.identity(spare)
    }

    /// Makes the spare beside `output` from it, a hard link per file, as the next update would
    /// (and notes it: the same as the output), unless it is ready. The caller holds the
    /// output's build lock. A failure leaves no note: the next update makes the spare itself.
    package static func prepareSpare(for output: URL) {
        guard !spareIsReady(for: output), OutputFolders.identity(output.path) != nil else { return }
        let (spare, note) = spare(of: output)
        unlink(note)
        OutputFolders.removeTree(spare)
        do throws(OutputFolders.Failure) {
            try OutputFolders.cloneTree(output.path, to: spare)
        } catch {
            return
        }
        writeSpareState(note, front: output.path, spare: spare, lag: [])
    }

    /// The spare's copy of `path` when the page may be written over it in place: the build is
    /// incremental, the spare is the one noted (its note is removed on first use: from then on
    /// it is being changed), and the copy is a regular file of its own.
    private func spareCopy(of path: String) -> String? {
        guard incremental else { return nil }
        let usable = state.withLock { state in
            if !state.spareChecked {
                state.spareChecked = true
                if let known = Self.readSpareState(spareState), known.front == OutputFolders.identity(output.path),
                   known.spare == OutputFolders.identity(spare) {
                    state.knownSpare = known
                    unlink(spareState)
                }
            }
            return state.knownSpare != nil
        }
        guard usable else { return nil }
        let copy = spare + "/" + path
        var info = stat()
        guard lstat(copy, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else { return nil }
        return copy
    }

    /// What the spare folder holds: the site before the last update, which differs from the
    /// output in the files `lag`, as long as both folders are still the ones noted.
    private struct SpareState: Codable {
        var front: [UInt64]
        var spare: [UInt64]
        var lag: [String]
    }

    private static func readSpareState(_ note: String) -> SpareState? {
        guard let data = FileManager.default.contents(atPath: note) else { return nil }
        return try? JSONDecoder().decode(SpareState.self, from: data)
    }

    /// Notes the spare's state (a failure only makes the next update remake the spare).
    private static func writeSpareState(_ note: String, front output: String, spare: String, lag: [String]) {
        guard let front = OutputFolders.identity(output), let spareID = OutputFolders.identity(spare),
              let data = try? JSONEncoder().encode(SpareState(front: front, spare: spareID, lag: lag)) else { return }
        let temporary = note + ".\(getpid())"
        if FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, note) == 0 { return }
        unlink(temporary)
    }

    /// The spare no longer follows the output (after a full build): removed.
    private func forgetSpare() {
        unlink(spareState)
        RetiredFolder.retire(spare, beside: output)
    }

    /// Files of the user's in the way of the build's, as the user should read them.
    private func conflicts(_ conflicts: [ForeignFiles.Conflict]) -> DiagnosticList {
        DiagnosticList(conflicts.map { conflict in
            let what = conflict.isFolder ? "folder" : "file"
            let written = conflict.written == conflict.foreign
                ? "the build writes its own \(conflict.written) there"
                : "the build needs a folder there, for \(conflict.written)"
            return Diagnostic(
                "gazetteer did not write this \(what), and \(written): move it out of \(output.lastPathComponent)/ "
                    + "(or build with --force to replace it)",
                at: SourceLocation(path: output.path + "/" + conflict.foreign))
        })
    }

    // MARK: Plumbing

    /// Removes the staging and set-aside folders that builds killed before they finished left
    /// beside the output (named with the process number of a process that is gone).
    private static func removeLeftovers(of output: URL) {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).old-", RetiredFolder.prefix(of: output)]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            // The staging folder's, or the scratch folder placing it (OutputFolders.makePlacedFolder:
            // `.<staging name>.placing-<pid>-<n>`).
            let placing = name.hasPrefix(".") && name.contains(".placing-")
            let owner = placing
                ? name.components(separatedBy: ".placing-").last?.split(separator: "-").first.map(String.init)
                : prefixes.first(where: { name.hasPrefix($0) }).map { String(name.dropFirst($0.count).prefix { $0 != "-" }) }
            guard !placing || prefixes.contains(where: { name.dropFirst().hasPrefix($0) }),
                  let owner, let pid = Int32(owner), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            RetiredFolder.retire(parent.appending(path: name).path, beside: output)
        }
    }

    private func prepare(_ path: String) throws(DiagnosticList) -> URL {
        let target = staging.appending(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        let known = state.withLock { $0.stagedFolders.contains(folder) }
        if !known {
            try makeStaging()
            let (placed, inPlaced) = state.withLock { ($0.expected > Self.fewFiles, $0.stagingPlaced) }
            let path = staging.path + "/" + folder
            if !folder.isEmpty, placed, !inPlaced {
                // Many files to come, in a staging folder made for a few: this folder placed.
                do throws(OutputFolders.Failure) {
                    try OutputFolders.makePlacedFolder(path)
                } catch {
                    throw stagingFailure(target.path, code: error.code)
                }
            } else if !folder.isEmpty, let code = Self.makeFolder(path) {
                throw stagingFailure(target.path, code: code)
            }
            state.withLock { _ = $0.stagedFolders.insert(folder) }
        }
        return target
    }

    /// Makes the staging folder unless it is made: placed unless the build expects a few
    /// files (`expect(files:)`).
    private func makeStaging() throws(DiagnosticList) {
        let code: Int32? = state.withLock { state in
            guard !state.stagedFolders.contains("") else { return nil }
            let placed = state.expected > Self.fewFiles
            do throws(OutputFolders.Failure) {
                if placed {
                    try OutputFolders.makePlacedFolder(staging.path)
                } else if mkdir(staging.path, 0o777) != 0, errno != EEXIST {
                    return errno
                }
            } catch {
                return error.code
            }
            state.stagedFolders.insert("")
            state.stagingPlaced = placed
            return nil
        }
        if let code { throw Self.failure(doing: "writing", staging.path, code: code, output: output) }
    }

    /// Makes the folder at `path` and the folders it is in, as needed, by `mkdir` (Foundation's
    /// `createDirectory` takes about a millisecond a folder); returns the error number, if any.
    private static func makeFolder(_ path: String) -> Int32? {
        if mkdir(path, 0o777) == 0 { return nil }
        switch errno {
        case EEXIST:
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard parent != path, !parent.isEmpty else { return ENOENT }
            if let code = makeFolder(parent) { return code }
            if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
            return errno
        default:
            return errno
        }
    }

    /// Writes `bytes` to a new file at `path`; returns the error number, if any.
    /// `inPlace`: the file's old bytes (the spare's own copy of a page) are written over,
    /// then cut to the new length. Opening it with `O_TRUNC` instead would empty it, and ext4
    /// writes a file emptied that way back to the disk when it is closed (`auto_da_alloc`,
    /// against the empty files a crash would leave): more than half of what the writer's one
    /// thread did in a template edit at 10,000 pages, which rewrites every city's page there.
    private static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer, inPlace: Bool = false) -> Int32? {
        let fd = open(path, inPlace ? O_WRONLY | O_CREAT | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if fd < 0 { return errno }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                return code
            }
            offset += written
        }
        if inPlace, ftruncate(fd, off_t(bytes.count)) != 0 {
            let code = errno
            close(fd)
            return code
        }
        if close(fd) != 0 { return errno }
        return nil
    }

    /// The POSIX error number behind a Foundation error (EIO when there is none).
    private static func code(of error: Error) -> Int32 {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return Int32(underlying.code) }
        return EIO
    }

    /// A file that could not be staged. When the disk is full or read-only every later write
    /// fails the same way: only the first says so (the others add nothing, the build fails).
    private func stagingFailure(_ path: String, code: Int32) -> DiagnosticList {
        let storage = [ENOSPC, EROFS, EDQUOT].contains(code)
        let repeated = state.withLock { state in
            let repeated = storage && state.storageFailed
            if storage { state.storageFailed = true }
            return repeated
        }
        return repeated ? DiagnosticList([]) : Self.failure(doing: "writing", path, code: code, output: output)
    }

    /// A failure as the user should read it: what went wrong, doing what, to which file of
    /// the output (the staging and spare folders are the output's, to the user).
    private func failure(_ error: OutputFolders.Failure) -> DiagnosticList {
        Self.failure(doing: error.doing, error.path, code: error.code, output: output)
    }

    private static func failure(doing: String, _ path: String, code: Int32, output: URL) -> DiagnosticList {
        var shown = path
        let parent = output.deletingLastPathComponent().path + "/."
        let name = output.lastPathComponent
        for prefix in [parent + name + ".spare", parent + name + ".staging-\(getpid())"] where path.hasPrefix(prefix) {
            shown = output.path + path.dropFirst(prefix.count)
        }
        let reason = String(cString: strerror(code)).lowercased()
        return DiagnosticList([Diagnostic("\(reason) while \(doing) \(shown)", at: SourceLocation(path: output.path))])
    }
}
