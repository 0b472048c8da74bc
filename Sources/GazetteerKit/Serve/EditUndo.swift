import Foundation
import Glibc
import Locking
import Write

/// The last changes edit mode made, newest last, with the bytes each file had before, so that
/// Undo can bring them back: kept in the cache folder (`edit-undo/`), so that they survive a
/// restart of the server; the oldest go beyond `limit`.
final class EditUndo: Sendable {
    static let limit = 50

    /// One change: the file, what it held before (nil: it did not exist) and after (its
    /// digest; nil: it was deleted), in words for the editor, and the page to go to after undoing it.
    struct Change: Codable, Equatable, Sendable {
        var id: Int
        var path: String
        var existed: Bool
        var after: String?
        var what: String
        var url: String
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
    func record(path: String, before: [UInt8]?, after: [UInt8]?, what: String, url: String) throws(AtomicFile.Failure) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let id = (changes.withLock { $0.last?.id } ?? 0) + 1
        if let before { try AtomicFile.write(before, to: bytesPath(id), replace: true) }
        let change = Change(id: id, path: path, existed: before != nil, after: after.map(EditEntry.digest), what: what, url: url)
        var list = changes.withLock { $0 } + [change]
        let dropped = list.count > Self.limit ? Array(list.prefix(list.count - Self.limit)) : []
        list.removeFirst(dropped.count)
        try save(list)
        changes.withLock { $0 = list }
        for old in dropped { unlink(bytesPath(old.id)) }
    }

    /// The newest change and the bytes its file had before it (nil: the file did not exist).
    var last: (change: Change, before: [UInt8]?)? {
        guard let change = changes.withLock({ $0.last }) else { return nil }
        guard change.existed else { return (change, nil) }
        guard let data = FileManager.default.contents(atPath: bytesPath(change.id)) else { return nil }
        return (change, [UInt8](data))
    }

    /// Forgets the newest change (it was undone).
    func dropLast() throws(AtomicFile.Failure) {
        var list = changes.withLock { $0 }
        guard let gone = list.popLast() else { return }
        try save(list)
        changes.withLock { $0 = list }
        unlink(bytesPath(gone.id))
    }

    private func save(_ list: [Change]) throws(AtomicFile.Failure) {
        let data = (try? JSONEncoder().encode(list)) ?? Data("[]".utf8)
        try AtomicFile.write([UInt8](data), to: folder.appending(path: "journal.json").path, replace: true)
    }

    private func bytesPath(_ id: Int) -> String { folder.appending(path: "\(id).before").path }
}
