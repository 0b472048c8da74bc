import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write stage. Files are written into a staging folder beside the output while pages
/// render, and nothing in the output changes until the whole build has succeeded. Then
/// either the staging folder replaces the output whole (`replaceOutput`: a full build), or
/// the staged files are moved into the output one by one (`update`: an incremental build),
/// each replaced or removed file set aside first and put back if any step fails. Either way
/// a failed build leaves the previous output exactly as it was, and no page of a deleted
/// content file survives.
final class SiteWriter: @unchecked Sendable {
    let output: URL
    let staging: URL
    private let backup: URL
    private let lock = NSLock()
    private var stagedFolders: Set<String> = [""]

    /// Prepares an empty staging folder beside `output`.
    init(output: URL) throws(DiagnosticList) {
        self.output = output
        let parent = output.deletingLastPathComponent()
        let pid = ProcessInfo.processInfo.processIdentifier
        staging = parent.appending(path: ".\(output.lastPathComponent).staging-\(pid)")
        backup = parent.appending(path: ".\(output.lastPathComponent).old-\(pid)")
        let fm = FileManager.default
        try? fm.removeItem(at: staging)
        try? fm.removeItem(at: backup)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw Self.failure("cannot write the site", error, at: output)
        }
    }

    /// Writes a file of the site into the staging folder. Thread-safe.
    func write(_ path: String, _ text: String) throws(DiagnosticList) {
        var text = text
        let target = try prepare(path)
        let failed = text.withUTF8 { bytes in Self.writeFile(target.path, UnsafeRawBufferPointer(bytes)) }
        if let failed { throw Self.failure("cannot write \(path)", failed, at: output) }
    }

    /// Puts a file from elsewhere (a thumbnail in the cache) into the staging
    /// folder: a hard link, or a copy across file systems. Thread-safe.
    func link(_ path: String, from source: URL) throws(DiagnosticList) {
        let target = try prepare(path)
        do {
            try FileManager.default.linkItem(at: source, to: target)
        } catch {
            do {
                try FileManager.default.copyItem(at: source, to: target)
            } catch {
                throw Self.failure("cannot put \(path) into the site", error, at: output)
            }
        }
    }

    /// Copies a file from elsewhere (a theme asset: a link would tie the output to the
    /// user's file) into the staging folder. Thread-safe.
    func copy(_ path: String, from source: URL) throws(DiagnosticList) {
        let target = try prepare(path)
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw Self.failure("cannot put \(path) into the site", error, at: output)
        }
    }

    /// Removes the staging folder: the build failed or wrote nothing.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Replaces the output folder with the staging folder.
    func replaceOutput() throws(DiagnosticList) {
        let fm = FileManager.default
        do {
            if fm.fileExists(atPath: output.path) {
                try fm.moveItem(at: output, to: backup)
            }
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                try? fm.moveItem(at: backup, to: output)
                throw error
            }
            try? fm.removeItem(at: backup)
        } catch {
            discard()
            throw Self.failure("cannot replace the output folder", error, at: output)
        }
    }

    /// Moves the staged files `placing` into the output (replacing files of the same path)
    /// and removes the output files `removing`, then folders left empty. If any step fails,
    /// every step done is undone in reverse order before the error is thrown.
    func update(placing: [String], removing: [String]) throws(DiagnosticList) {
        enum Step {
            case setAside(String)
            case placed(String)
            case madeFolder(String)
        }
        var done: [Step] = []
        var backupFolders: Set<String> = [""]
        var outputFolders: Set<String> = [""]
        func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }
        func ensure(_ folder: String, in root: URL, known: inout Set<String>, record: Bool) throws {
            guard known.insert(folder).inserted else { return }
            try ensure((folder as NSString).deletingLastPathComponent, in: root, known: &known, record: record)
            let url = root.appending(path: folder)
            if mkdir(url.path, 0o777) == 0 {
                if record { done.append(.madeFolder(folder)) }
            } else if errno != EEXIST {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        func move(_ from: URL, _ to: URL) throws {
            if rename(from.path, to.path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        func setAside(_ path: String) throws -> Bool {
            let current = output.appending(path: path)
            var info = stat()
            guard lstat(current.path, &info) == 0 else { return false }
            try ensure(folder(of: path), in: backup, known: &backupFolders, record: false)
            try move(current, backup.appending(path: path))
            done.append(.setAside(path))
            return true
        }
        do {
            if !removing.isEmpty || !placing.isEmpty {
                try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
            }
            for path in removing { _ = try setAside(path) }
            for path in placing {
                _ = try setAside(path)
                try ensure(folder(of: path), in: output, known: &outputFolders, record: true)
                try move(staging.appending(path: path), output.appending(path: path))
                done.append(.placed(path))
            }
        } catch {
            for step in done.reversed() {
                switch step {
                case .placed(let path): _ = try? move(output.appending(path: path), staging.appending(path: path))
                case .setAside(let path): _ = try? move(backup.appending(path: path), output.appending(path: path))
                case .madeFolder(let folder): rmdir(output.appending(path: folder).path)
                }
            }
            try? FileManager.default.removeItem(at: backup)
            discard()
            throw Self.failure("cannot update the output folder", error, at: output)
        }
        // Folders that lost their last file go too, as a full build would not make them.
        let emptied = Set(removing.map(folder(of:))).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        for folder in emptied {
            var path = folder
            while !path.isEmpty, rmdir(output.appending(path: path).path) == 0 {
                path = (path as NSString).deletingLastPathComponent
            }
        }
        try? FileManager.default.removeItem(at: backup)
        discard()
    }

    // MARK: Plumbing

    private func prepare(_ path: String) throws(DiagnosticList) -> URL {
        let target = staging.appending(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        lock.lock()
        let known = stagedFolders.contains(folder)
        lock.unlock()
        if !known {
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw Self.failure("cannot write \(path)", error, at: output)
            }
            lock.lock()
            stagedFolders.insert(folder)
            lock.unlock()
        }
        return target
    }

    /// Writes `bytes` to a new file at `path`; returns the error, if any.
    private static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Error? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if fd < 0 { return POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                close(fd)
                return error
            }
            offset += written
        }
        if close(fd) != 0 { return POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return nil
    }

    private static func failure(_ what: String, _ error: Error, at output: URL) -> DiagnosticList {
        let reason = (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? error.localizedDescription
        return DiagnosticList([Diagnostic("\(what): \(reason)", at: SourceLocation(path: output.path))])
    }
}
