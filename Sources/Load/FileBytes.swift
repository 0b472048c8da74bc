#if canImport(Glibc)
import Glibc
#endif

/// Files read straight into a byte array: through Foundation's `Data` a file is read, then
/// copied into the array (the 82 MB manifest and the 29 MB search state of a 100,000-page
/// guide were held twice over while they were read).
package enum FileBytes {
    /// The whole file at `path`, or nil when it cannot be read.
    package static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        return read(fd, count: Int(status.st_size), at: 0, allowShort: false)
    }

    /// `count` bytes of `fd` from `offset`; fewer when the file ends first and `allowShort`,
    /// else nil.
    package static func read(_ fd: Int32, count: Int, at offset: Int, allowShort: Bool) -> [UInt8]? {
        var done = 0
        // Not zeroed first: every byte kept is read.
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            hugePages(raw)
            while done < count {
                let got = pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                done += got
            }
            initialized = done
        }
        if done < count, !allowShort { return nil }
        return buffer
    }

    /// Asks for huge pages under a large buffer about to be filled (the build record's parts,
    /// the collections' rows: megabytes read on every build): a fault per 2 MB instead of per
    /// 4 KB. Only the whole 2 MB pages inside it; a kernel without them ignores the advice.
    private static func hugePages(_ raw: UnsafeMutableBufferPointer<UInt8>) {
        let huge = 2 << 20
        guard raw.count >= 2 * huge, let base = raw.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + raw.count) & ~(huge - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, 14 /* MADV_HUGEPAGE */)
    }

    /// Writes `parts` one after the other to a new file at `path` (mode 0644, replacing any);
    /// false on any failure, the file then removed.
    package static func write(_ parts: [[UInt8]], to path: String) -> Bool {
        write(to: path) { put in parts.forEach(put) }
    }

    /// Writes what `produce` hands to `put`, piece by piece as it is made (so that a large file
    /// is never held whole), to a new file at `path` (mode 0644, replacing any); false on any
    /// failure, the file then removed.
    package static func write(to path: String, _ produce: (_ put: ([UInt8]) -> Void) -> Void) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var ok = true
        produce { part in
            guard ok else { return }
            part.withUnsafeBytes { raw in
                var done = 0
                while ok, done < raw.count {
                    let wrote = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                    if wrote < 0, errno == EINTR { continue }
                    if wrote <= 0 { ok = false } else { done += wrote }
                }
            }
        }
        if close(fd) != 0 { ok = false }
        if !ok { unlink(path) }
        return ok
    }
}
