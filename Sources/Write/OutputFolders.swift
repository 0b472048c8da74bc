import CFileSystem
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
import Diagnostics
#endif

/// The file-system steps publishing is made of, each a system call or a walk of them, each
/// failure a `POSIXError` naming what it was doing to which path.
package enum OutputFolders {
    package struct Failure: Error {
        package var doing: String
        package var path: String
        package var code: Int32

        package var reason: String { String(cString: strerror(code)).lowercased() }
    }

    /// Swaps two folders in one step where the kernel and file system can (renameat2's
    /// RENAME_EXCHANGE), else in three renames through `aside` (a moment with no folder at
    /// `first`, never one holding files of both). Returns whether the swap was atomic.
    @discardableResult
    package static func exchange(_ first: String, _ second: String, aside: String) throws(Failure) -> Bool {
        if gz_exchange(first, second) == 0 { return true }
        guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
            throw Failure(doing: "replacing", path: first, code: errno)
        }
        try move(first, aside)
        do throws(Failure) {
            try move(second, first)
        } catch {
            _ = rename(aside, first)
            throw error
        }
        try move(aside, second)
        return false
    }

    /// Makes the folder at `path`, and any missing above it, unless it exists: the last one
    /// placed by the file system away from its parent where it can (`gz_make_placed_folder`:
    /// on ext4 without a journal, files made beside many recently deleted ones are slow to
    /// make). For the folders a build fills with thousands of files: the cache, the staging.
    package static func makePlacedFolder(_ path: String) throws(Failure) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, access(parent, F_OK) != 0 {
            try makePlacedFolder(parent)
        }
        if gz_make_placed_folder(path) != 0, errno != EEXIST { throw Failure(doing: "writing", path: path, code: errno) }
    }

    package static func move(_ from: String, _ to: String) throws(Failure) {
        if rename(from, to) != 0 { throw Failure(doing: "writing", path: to, code: errno) }
    }

    /// Makes `folder` and the folders above it up to one in `known` (which it extends).
    package static func ensureFolder(_ folder: String, under root: String, known: inout Set<String>) throws(Failure) {
        guard known.insert(folder).inserted else { return }
        try ensureFolder((folder as NSString).deletingLastPathComponent, under: root, known: &known)
        let path = folder.isEmpty ? root : root + "/" + folder
        if mkdir(path, 0o777) != 0, errno != EEXIST { throw Failure(doing: "writing", path: path, code: errno) }
    }

    /// Removes the file at `path` if there is one.
    package static func removeFile(_ path: String) throws(Failure) {
        if unlink(path) != 0, errno != ENOENT { throw Failure(doing: "removing", path: path, code: errno) }
    }

    /// A copy of the tree at `source` made of hard links (folders made anew), at `target`,
    /// which must not exist. Files are never changed in place, so sharing them is safe.
    package static func cloneTree(_ source: String, to target: String) throws(Failure) {
        // The folders made and listed first; then each folder's files linked, folders across
        // the cores (a link takes its folder's lock: one folder at a time each).
        var pending = [""]
        var folders: [(from: String, to: String, names: [String])] = []
        while let folder = pending.popLast() {
            let from = folder.isEmpty ? source : source + "/" + folder
            let to = folder.isEmpty ? target : target + "/" + folder
            if mkdir(to, 0o777) != 0 { throw Failure(doing: "writing", path: to, code: errno) }
            guard let stream = opendir(from) else { throw Failure(doing: "reading", path: from, code: errno) }
            defer { closedir(stream) }
            var names: [String] = []
            while let item = readdir(stream) {
                let name = withUnsafeBytes(of: item.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                guard name != ".", name != ".." else { continue }
                var isFolder = item.pointee.d_type == UInt8(DT_DIR)
                if item.pointee.d_type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    isFolder = lstat(from + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                }
                if isFolder { pending.append(folder.isEmpty ? name : folder + "/" + name) } else { names.append(name) }
            }
            if !names.isEmpty { folders.append((from, to, names)) }
        }
        // The largest first, so that no core is left with a big one at the end.
        folders.sort { $0.names.count > $1.names.count }
        let linking = folders
        let failures = Parallel.map(linking.count) { index -> Failure? in
            let (from, to, names) = linking[index]
            for name in names where link(from + "/" + name, to + "/" + name) != 0 {
                return Failure(doing: "writing", path: to + "/" + name, code: errno)
            }
            return nil
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Removes a tree if it exists (failures ignored: what is left is removed next time).
    package static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes the folders of `paths` under `root` that are left empty, deepest first.
    package static func removeEmptiedFolders(of paths: [String], under root: String) {
        let folders = Set(paths.map { ($0 as NSString).deletingLastPathComponent }).filter { !$0.isEmpty }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            var path = folder
            while !path.isEmpty, rmdir(root + "/" + path) == 0 {
                path = (path as NSString).deletingLastPathComponent
            }
        }
    }

    /// Device and inode of the folder at `path`, following symlinks; nil if there is none.
    package static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
