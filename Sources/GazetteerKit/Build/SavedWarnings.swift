import Foundation
import Diagnostics

/// The last build's warnings, kept in the cache so that a build that finds nothing changed
/// says them again (and fails with `--strict`): a warning never goes quiet because its file
/// was not touched. With them, what they were found from: the fingerprint of the files used
/// and the folders of content/ listed, so that a build that changes no folder and uses the
/// same files need not list content/ again.
struct SavedWarnings {
    var fingerprint: UInt64
    var folders: [String]
    /// The files nothing uses (see `ContentWarnings`).
    var warnings: [Diagnostic]
    /// The entries' own (`ContentEntry.warnings`), which their files' next reading finds again.
    var entryWarnings: [Diagnostic] = []

    /// Every warning, in the order they are printed.
    var all: [Diagnostic] { (warnings + entryWarnings).sorted() }

    private static let header = "gazetteer warnings 2"

    static func url(in cache: URL) -> URL { cache.appending(path: "warnings.txt") }

    /// Saved before the manifest, so that a manifest on disk always has its warnings beside
    /// it. A line each: `used <fingerprint>`, `folder <path>`, `warning <path> <line> <column>
    /// <message>`, `entry` likewise for an entry's own (fields tab-separated).
    func save(to cache: URL) {
        var lines = [Self.header, "used\t\(fingerprint)"]
        lines += folders.map { "folder\t" + $0 }
        lines += warnings.map { Self.line("warning", $0) } + entryWarnings.map { Self.line("entry", $0) }
        let file = Self.url(in: cache)
        let temporary = cache.appending(path: ".warnings.\(getpid()).tmp")
        if FileManager.default.createFile(atPath: temporary.path, contents: Data((lines.joined(separator: "\n") + "\n").utf8)),
           rename(temporary.path, file.path) == 0 { return }
        unlink(temporary.path)
        unlink(file.path)
    }

    private static func line(_ tag: String, _ warning: Diagnostic) -> String {
        ([tag, warning.location.path, String(warning.location.line), String(warning.location.column), warning.message])
            .map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            .joined(separator: "\t")
    }

    /// The saved warnings; nil when there are none saved or they cannot be read.
    static func read(from cache: URL) -> SavedWarnings? {
        guard let data = FileManager.default.contents(atPath: url(in: cache).path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return nil }
        var saved = SavedWarnings(fingerprint: 0, folders: [], warnings: [])
        var fingerprint: UInt64?
        for line in lines.dropFirst() where !line.isEmpty {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            switch fields.first {
            case "used" where fields.count == 2: fingerprint = UInt64(fields[1])
            case "folder" where fields.count == 2: saved.folders.append(String(fields[1]))
            case "warning" where fields.count == 5, "entry" where fields.count == 5:
                guard let row = Int(fields[2]), let column = Int(fields[3]) else { return nil }
                let warning = Diagnostic.warning(String(fields[4]), at: SourceLocation(path: String(fields[1]), line: row, column: column))
                if fields[0] == "entry" { saved.entryWarnings.append(warning) } else { saved.warnings.append(warning) }
            default: return nil
            }
        }
        guard let fingerprint else { return nil }
        saved.fingerprint = fingerprint
        return saved
    }
}
