import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source picture's bytes, read in one go together with the file facts that identify
/// this version of it (for the per-Thumbnailer memo of hashes and headers).
struct SourceFile {
    /// Path, identity, size and modification time: the memo key.
    struct Stamp: Hashable, Sendable {
        var path: String
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int
        var modifiedNanoseconds: Int
    }

    var stamp: Stamp
    /// Nil when only the stamp was wanted and the memo already knew it.
    var bytes: [UInt8]?

    /// Reads `url`, refusing files over the limits. With `unless` returning true for the
    /// stamp, the bytes are not read.
    static func load(_ url: URL, limits: Limits, unless known: (Stamp) -> Bool = { _ in false }) throws(ThumbnailError) -> SourceFile {
        let path = url.path
        func fail(_ message: String) -> ThumbnailError { ThumbnailError(path: path, message: message) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw fail("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw fail("cannot read the file: \(String(cString: strerror(errno)))") }
        if (info.st_mode & S_IFMT) != S_IFREG { throw fail("not a regular file") }
        let stamp = Stamp(
            path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        if known(stamp) { return SourceFile(stamp: stamp, bytes: nil) }

        let svg = SourceFormat.isSVGName(path)
        let limit = svg ? limits.maxSVGBytes : limits.maxSourceBytes
        if stamp.size > limit {
            throw fail("the file is \(megabytes(stamp.size)), over the limit of \(megabytes(limit)) for \(svg ? "SVG" : "image") files")
        }
        var bytes = [UInt8](repeating: 0, count: stamp.size)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw fail("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
        }
        // The file may have shrunk, or grown, while we read it.
        var extra: UInt8 = 0
        if count < stamp.size || read(fd, &extra, 1) == 1 {
            throw fail("the file changed while it was being read")
        }
        return SourceFile(stamp: stamp, bytes: bytes)
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1_000_000) : "\(bytes) bytes"
    }
}
