import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The facts that identify one version of a file without reading it: device, inode, size,
/// and modification and status-change times to the nanosecond. A file whose stamp is
/// unchanged is taken as unchanged (the status-change time cannot be set back by `touch`
/// or by tools that preserve times, so an edit always shows).
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of the regular file at `path`, not following a final symlink; nil for a
    /// missing file, a folder or a symlink (which callers treat as changed every time).
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp of whatever is at `path` (a folder too), following symlinks.
    static func following(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The running executable's path, so that a rebuilt or upgraded gazetteer renders everything again.
    static let executablePath: String? = {
        #if os(Linux)
        let link = "/proc/self/exe"
        #else
        guard let link = CommandLine.arguments.first else { return nil }
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    static let executable: FileStamp? = executablePath.flatMap { following($0) }
}
