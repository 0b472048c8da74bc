import Foundation
import Load
import Locking
import Write

/// Edit mode of `gazetteer serve --edit`: the gate every request passes, the last build's
/// model, where files may be written, the undo journal, and the handlers of the API (in
/// `EditSession+Read.swift` and `EditSession+Write.swift`). Changes are made one at a time.
/// After a file is written, `changed` is told (the serve loop rebuilds and reloads the pages).
final class EditSession: Sendable {
    let gate: EditGate
    let basis: EditBasis.Receiver
    let paths: EditPaths
    let undo: EditUndo
    /// The folder of the check's scratch files (in the cache).
    let scratch: URL
    /// The UI's files by name (`edit.js`): those built into the binary.
    let uiFiles: @Sendable (String) -> [UInt8]?
    /// Hears the site-relative paths of the files just written, to rebuild.
    let changed: @Sendable ([String]) -> Void
    /// Waits for the rebuilds asked for so far to finish (so that the model is that of the files on disk).
    let settle: @Sendable () -> Void
    /// Changes are made one at a time (the digest checked, the file written, the journal kept).
    private let writing = Locked(())
    /// Files edit mode wrote, with their stamps then, so that the watcher's report of the same
    /// write does not rebuild a second time.
    private let written = Locked<[String: FileStamp?]>([:])
    /// The bytes of the files forms were opened with, by digest (the last few), to show in a
    /// conflict what the form's edit would have made of them.
    private let served = Locked<[(digest: String, bytes: [UInt8])]>([])
    /// Makes the answers to `api/options`, reusing what it made for the builds before.
    let optionsMaker = EditOptions()
    /// Under `serve --timings`: the steps of each change's request.
    let timings: SavePathTimings?

    init(source: URL, cache: URL, basis: EditBasis.Receiver, gate: EditGate = EditGate(),
         uiFiles: @escaping @Sendable (String) -> [UInt8]? = DefaultTheme.editFile, timings: SavePathTimings? = nil,
         settle: @escaping @Sendable () -> Void = {}, changed: @escaping @Sendable ([String]) -> Void) {
        self.gate = gate
        self.timings = timings
        self.uiFiles = uiFiles
        self.basis = basis
        paths = EditPaths(root: source)
        undo = EditUndo(folder: cache.appending(path: "edit-undo"))
        scratch = cache.appending(path: "edit-check")
        self.changed = changed
        self.settle = settle
        // The picker's answer, and the table forms find their files in, are made as soon as a
        // build hands its model over.
        // The first build's: what the picker shows of the pictures and flags, ahead, from the
        // last build's plans (after the build they are no longer held, and each picture would
        // be read again: 7-21 s at 10,000 cities).
        // Every build's answer is then made on another thread while the pages render and are
        // written, so that the page reloaded after a save finds it made (made once the build
        // had ended, it came 90 ms after the reload at 10,000 pages). A build that fails
        // never hands its basis over, and its answer goes with it.
        basis.onMade { [weak self] new in
            guard let self else { return }
            self.optionsMaker.prepare(new)
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                guard let self else { return }
                _ = new.pathOfPage
                _ = new.options { self.optionsMaker.json(new, paths: self.paths) }
            }
        }
    }

    /// The answer to an API request that passed the gate (its body read).
    func handle(_ route: EditRoute, _ request: HTTPRequest) -> HTTPResponse {
        let query = Self.query(request.query)
        switch route {
        case .entry: return entry(query)
        case .options: return options()
        case .slug: return slug(query)
        case .translations: return translations(query)
        case .upload: return locked { upload(request.body, query: query) }
        case .save, .create, .delete, .undo, .rename, .preview: break
        }
        guard let object = EditJSON.object(request.body) else { return EditJSON.error(400, "the body is not a JSON object") }
        switch route {
        case .save: return locked { save(object) }
        case .create: return locked { create(object) }
        case .delete: return locked { delete(object) }
        case .undo: return locked { undoLast() }
        case .rename: return locked { rename(object) }
        default: return preview(object)
        }
    }

    private func locked(_ body: () -> HTTPResponse) -> HTTPResponse {
        writing.withLock { _ in
            timings?.begin()
            return body()
        }
    }

    /// Whether the watcher's report of `path` is only edit mode's own write (or its temporary file).
    func isOwnWrite(_ reported: String) -> Bool {
        let name = (reported as NSString).lastPathComponent
        if name.hasPrefix(AtomicFile.temporaryPrefix) { return !FileManager.default.fileExists(atPath: reported) }
        let folder = (reported as NSString).deletingLastPathComponent
        let path = (EditPaths.realPath(folder) ?? folder) + "/" + name
        return written.withLock { table in
            guard let stamp = table[path], stamp == FileStamp.of(path) else { return false }
            table[path] = nil
            return true
        }
    }

    /// Tells the serve loop about files written (after recording their stamps).
    func wrote(_ real: [String]) {
        timings?.wrote()
        written.withLock { table in for path in real { table[path] = .some(FileStamp.of(path)) } }
        let prefix = paths.root + "/"
        changed(real.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 })
    }

    /// Keeps the bytes a form was opened with.
    func remember(_ bytes: [UInt8], digest: String) {
        served.withLock { list in
            list.removeAll { $0.digest == digest }
            list.append((digest, bytes))
            if list.count > 16 { list.removeFirst() }
        }
    }

    func remembered(_ digest: String) -> [UInt8]? { served.withLock { list in list.first { $0.digest == digest }?.bytes } }

    /// `kind` as the API names it.
    static func kind(_ text: String?) -> ContentKind? {
        switch text {
        case "country": .country
        case "city": .city
        default: nil
        }
    }

    /// A query's `name=value` pairs, decoded (`+` a space, `%XX` escapes).
    static func query(_ query: String?) -> [String: String] {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { RequestPath.percentDecoded(String($0).replacingOccurrences(of: "+", with: " ")) }
            guard parts.count == 2, let name = parts[0], let value = parts[1] else { continue }
            values[name] = value
        }
        return values
    }

    /// The page of a content file, as an absolute path on the server.
    static func url(_ kind: ContentKind, path: String) -> String {
        "/" + SiteLoader.ScannedFile(path: path, kind: kind, stamp: nil).outputPath
    }

    static func refused(_ refusal: EditPaths.Refusal) -> HTTPResponse { EditJSON.error(refusal.status, refusal.message) }

    static let notBuilt = EditJSON.error(503, "the guide has not built yet: fix the errors the terminal shows, then try again")
}
