import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// The facts that identify one version of a file without reading it: device, inode, size,
/// and modification and status-change times to the nanosecond. A file whose stamp is
/// unchanged is taken as unchanged (the status-change time cannot be set back by `touch`
/// or by tools that preserve times, so an edit always shows).
package struct FileStamp: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    /// The stamp of the regular file at `path`, not following a final symlink; nil for a
    /// missing file, a folder or a symlink (which callers treat as changed every time).
    package static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp of whatever is at `path` (a folder too), following symlinks.
    package static func following(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The running executable's path, so that a rebuilt or upgraded gazetteer renders everything again.
    package static let executablePath: String? = {
        #if os(Linux)
        let link = "/proc/self/exe"
        #else
        guard let link = CommandLine.arguments.first else { return nil }
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    package static let executable: FileStamp? = executablePath.flatMap { following($0) }

    /// What tells one version of the running executable from another, for the keys of what
    /// it makes: its stamp without the status-change time, which a new hard link to it moves
    /// without changing a byte (perf's build-id cache links every binary it profiles, as do
    /// backups), and which made the next build render everything again.
    package static let executableVersion: FileStamp? = executable?.version

    /// This stamp without its status-change time: the same file, not edited since.
    package var version: FileStamp { FileStamp(device: device, inode: inode, size: size, modified: modified, changed: 0) }

    package init(_ info: stat) {
        #if canImport(Darwin)
        let (m, c) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (m, c) = (info.st_mtim, info.st_ctim)
        #endif
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
            changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec))
    }
}
