import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing one file so that, whatever happens (a crash, a full disk, the power going), the
/// file is either as it was or as written, never cut short: the bytes go to a temporary file
/// in the same folder, are flushed to the disk, then renamed over the file (or, for a new file,
/// linked to its name, which fails if a file appeared there meanwhile). A file replaced keeps
/// its permissions. For the files an editor owns (edit mode writes content files this way).
package enum AtomicFile {
    package struct Failure: Error, Equatable {
        package var path: String
        package var code: Int32
        /// `EEXIST` when a new file was to be made and one is there.
        package var exists: Bool { code == EEXIST }
        package var reason: String { String(cString: strerror(code)).lowercased() }
    }

    /// The prefix of the temporary files (hidden, so that builds and listings skip them).
    package static let temporaryPrefix = ".gazetteer-write-"

    /// Writes `bytes` to `path`. With `replace` false the file must not exist (no file is
    /// ever replaced then); `mode` is for a new file (a replaced one keeps its own).
    package static func write(_ bytes: [UInt8], to path: String, replace: Bool, mode: mode_t = 0o644) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists, !replace { throw Failure(path: path, code: EEXIST) }
        let permissions = exists ? existing.st_mode & 0o7777 : mode
        let name = "\(temporaryPrefix)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let temporary = (folder.isEmpty ? "." : folder) + "/" + name
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: path, code: errno) }
        func fail(_ code: Int32) -> Failure {
            close(fd)
            unlink(temporary)
            return Failure(path: path, code: code)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw fail(count < 0 ? errno : EIO) }
            written += count
        }
        // The umask may have narrowed the mode given to open(2).
        guard fchmod(fd, permissions) == 0, fsync(fd) == 0 else { throw fail(errno) }
        guard close(fd) == 0 else {
            unlink(temporary)
            throw Failure(path: path, code: errno)
        }
        if replace {
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw Failure(path: path, code: code)
            }
        } else {
            let linked = link(temporary, path) == 0
            let code = errno
            unlink(temporary)
            guard linked else { throw Failure(path: path, code: code) }
        }
        syncFolder(folder)
    }

    /// Removes the file at `path` (and makes the removal durable).
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 else { throw Failure(path: path, code: errno) }
        syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// Flushes a folder's entries (a rename or an unlink in it) to the disk.
    private static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
