import Foundation
import Search
import Load

/// The search index as the last build left it, in the cache folder (`search.state`): the
/// settings it was made under (the build's global key) and the `SearchState` to update. What
/// each record was made of is not here: its key is in the manifest with the pages' (see
/// `SearchRecords`). Written after the output is published and removed before the output's
/// index changes, so a state on disk always describes the output; one that is missing,
/// damaged or from other settings means every record is rendered and the index made whole.
struct SavedSearch {
    var globalKey: String
    var state: SearchState

    private static let magic = Array("gazetteer search state 4\n".utf8)

    /// `folder`: the language's ("" for the default language's index, `search.state`; `fr/`
    /// for `search.fr.state`).
    static func url(in cache: URL, folder: String = "") -> URL {
        cache.appending(path: folder.isEmpty ? "search.state" : "search.\(folder.dropLast()).state")
    }

    /// The state saved in `file`, when it reads back whole.
    static func read(_ file: URL) -> SavedSearch? {
        guard var bytes = FileBytes.read(file.path), bytes.starts(with: magic) else { return nil }
        var offset = magic.count
        guard offset + 8 <= bytes.count else { return nil }
        var count: UInt64 = 0
        for n in 0..<8 { count |= UInt64(bytes[offset + n]) << UInt64(8 * n) }
        offset += 8
        guard count <= UInt64(bytes.count - offset) else { return nil }
        let key = String(decoding: bytes[offset..<(offset + Int(count))], as: UTF8.self)
        // The state's part, moved to the front of the same array rather than copied out.
        bytes.removeFirst(offset + Int(count))
        guard let state = try? SearchState(decoding: bytes) else { return nil }
        return SavedSearch(globalKey: key, state: state)
    }

    /// Writes the state through a temporary file and a rename; a failure only makes the next
    /// build make the index from scratch.
    func save(to cache: URL, folder: String = "") {
        let target = Self.url(in: cache, folder: folder)
        let temporary = cache.appending(path: ".search\(folder.isEmpty ? "" : "." + folder.dropLast()).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // Written in pieces as it is made (held whole, the state was tens of MB at 100,000 pages).
        let written = FileBytes.write(to: temporary.path) { put in
            var bytes = Self.magic
            withUnsafeBytes(of: UInt64(globalKey.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: globalKey.utf8)
            put(bytes)
            state.encode(flush: put)
        }
        if written, rename(temporary.path, target.path) != 0 {
            unlink(temporary.path)
        }
    }
}
