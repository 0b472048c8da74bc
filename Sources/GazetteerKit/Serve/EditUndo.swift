import Foundation
import Glibc
import Locking
import Write

/// The last changes edit mode made, newest last, with the bytes each file had before, so that
/// Undo can bring them back: kept in the cache folder (`edit-undo/`), so that they survive a
/// restart of the server; the oldest go beyond `limit`. One change may hold several files (a
/// rename: the file under its old and new names, and every file that referred to it), undone
/// together.
final class EditUndo: Sendable {
    static let limit = 50

    /// One change: the file, what it held before (nil: it did not exist) and after (its
    /// digest; nil: it was deleted), in words for the editor, and the page to go to after
    /// undoing it; `more`: the other files of the same change, if any.
    struct Change: Codable, Equatable, Sendable {
        var id: Int
        var path: String
        var existed: Bool
        var after: String?
        var what: String
        var url: String
        var more: [File]?
        /// True for the adding of an uploaded picture, which the save that puts it to use takes in.
        var upload: Bool?

        /// One file of a change.
        struct File: Codable, Equatable, Sendable {
            var path: String
            var existed: Bool
            var after: String?
        }

        /// Every file of the change, the first one first.
        var files: [File] { [File(path: path, existed: existed, after: after)] + (more ?? []) }
    }

    /// A file of a change about to be made: its bytes before (nil: it does not exist) and after (nil: it goes).
    struct Step: Sendable {
        var path: String
        var before: [UInt8]?
        var after: [UInt8]?
    }

    let folder: URL
    private let changes: Locked<[Change]>

    init(folder: URL) {
        self.folder = folder
        let journal = folder.appending(path: "journal.json")
        let saved = (try? Data(contentsOf: journal)).flatMap { try? JSONDecoder().decode([Change].self, from: $0) } ?? []
        changes = Locked(saved)
    }

    /// Records a change before it is made; throws when it cannot be kept (then the change is not made).
    /// `upload`: a picture this change puts to use (`flag:` or `picture:` now names it): when the
    /// newest change is its upload, this change takes it in, so that one Undo removes it too.
    func record(path: String, before: [UInt8]?, after: [UInt8]?, what: String, url: String,
                upload: (path: String, value: String)? = nil, isUpload: Bool = false) throws(AtomicFile.Failure) {
        try record([Step(path: path, before: before, after: after)], what: what, url: url, upload: upload, isUpload: isUpload)
    }

    /// Records a change of several files (at least one), to be undone together.
    func record(_ steps: [Step], what: String, url: String,
                upload: (path: String, value: String)? = nil, isUpload: Bool = false) throws(AtomicFile.Failure) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var list = changes.withLock { $0 }
        let id = (list.last?.id ?? 0) + 1
        for (n, step) in steps.enumerated() {
            if let before = step.before { try AtomicFile.write(before, to: bytesPath(id, file: n), replace: true) }
        }
        var files = steps.map { Change.File(path: $0.path, existed: $0.before != nil, after: $0.after.map(EditEntry.digest)) }
        var what = what
        var takenIn: Change?
        if let upload, let top = list.last, top.upload == true, top.more == nil, top.path == upload.path {
            // The upload's file did not exist before it: undoing this change removes it.
            files.append(top.files[0])
            what += ", with the picture \(upload.value) uploaded for it"
            takenIn = list.removeLast()
        }
        let change = Change(id: id, path: files[0].path, existed: files[0].existed, after: files[0].after, what: what, url: url,
                            more: files.count > 1 ? Array(files.dropFirst()) : nil, upload: isUpload ? true : nil)
        list.append(change)
        var dropped = list.count > Self.limit ? Array(list.prefix(list.count - Self.limit)) : []
        list.removeFirst(dropped.count)
        if let takenIn { dropped.append(takenIn) }
        try save(list)
        changes.withLock { $0 = list }
        for old in dropped { forget(old) }
    }

    /// The newest change and the bytes each of its files had before it (nil: the file did not exist).
    var last: (change: Change, before: [[UInt8]?])? {
        guard let change = changes.withLock({ $0.last }) else { return nil }
        var before: [[UInt8]?] = []
        for (n, file) in change.files.enumerated() {
            guard file.existed else { before.append(nil); continue }
            guard let data = FileManager.default.contents(atPath: bytesPath(change.id, file: n)) else { return nil }
            before.append([UInt8](data))
        }
        return (change, before)
    }

    /// Forgets the newest change (it was undone).
    func dropLast() throws(AtomicFile.Failure) {
        var list = changes.withLock { $0 }
        guard let gone = list.popLast() else { return }
        try save(list)
        changes.withLock { $0 = list }
        forget(gone)
    }

    private func forget(_ change: Change) {
        for n in change.files.indices { unlink(bytesPath(change.id, file: n)) }
    }

    private func save(_ list: [Change]) throws(AtomicFile.Failure) {
        let data = (try? JSONEncoder().encode(list)) ?? Data("[]".utf8)
        try AtomicFile.write([UInt8](data), to: folder.appending(path: "journal.json").path, replace: true)
    }

    /// The first file's bytes are `<id>.before` (as before changes held several), the others `<id>-<n>.before`.
    private func bytesPath(_ id: Int, file n: Int) -> String {
        folder.appending(path: n == 0 ? "\(id).before" : "\(id)-\(n).before").path
    }
}
