import Foundation
import Diagnostics

/// The last build's warnings, kept in the cache so that a build that finds nothing changed
/// says them again (and fails with `--strict`): a warning never goes quiet because its file
/// was not touched. One line each: path, line, column and message, tab-separated.
enum SavedWarnings {
    static func url(in cache: URL) -> URL { cache.appending(path: "warnings.txt") }

    /// Saved before the manifest, so that a manifest on disk always has its warnings beside it.
    static func save(_ warnings: [Diagnostic], to cache: URL) {
        let file = url(in: cache)
        guard !warnings.isEmpty else {
            unlink(file.path)
            return
        }
        let text = warnings.map { warning in
            [warning.location.path, String(warning.location.line), String(warning.location.column),
             warning.message.replacingOccurrences(of: "\n", with: " ")]
                .map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
        let temporary = cache.appending(path: ".warnings.\(getpid()).tmp")
        if FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)),
           rename(temporary.path, file.path) == 0 { return }
        unlink(temporary.path)
        unlink(file.path)
    }

    static func read(from cache: URL) -> [Diagnostic] {
        guard let data = FileManager.default.contents(atPath: url(in: cache).path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let row = Int(fields[1]), let column = Int(fields[2]) else { return nil }
            return .warning(String(fields[3]), at: SourceLocation(path: String(fields[0]), line: row, column: column))
        }
    }
}
