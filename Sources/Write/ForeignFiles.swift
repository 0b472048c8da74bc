import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders in the output that no build wrote (the user's: `.git`, `CNAME`, a
/// file put there by hand), found by walking it beside the record of the last build
/// (`OutputRecord`). A full build carries them into its staging folder by hard links before
/// the swap, so that they are where they were in the new site; one in the way of a file the
/// build wrote (at its path, or where it needs a folder) is a `Conflict`.
package struct ForeignFiles {
    /// A file of the user's where the build put one of its own.
    package struct Conflict: Sendable, Equatable {
        /// Site-relative: the user's file or folder.
        package var foreign: String
        package var isFolder: Bool
        /// Site-relative: what the build wrote there (the same path, or a file inside it).
        package var written: String
    }

    /// Site-relative paths to keep, and whether each is a folder kept whole.
    package private(set) var kept: [(path: String, isFolder: Bool)] = []
    package private(set) var conflicts: [Conflict] = []

    /// The walk of `output` against what the build staged in `staging`; `record` is the last
    /// build's (nil: every file in the output is foreign).
    package init(output: String, staging: String, record: OutputRecord?) throws(OutputFolders.Failure) {
        // Folders to list, each with the staged file that stands where it would be kept, if any.
        var pending: [(folder: String, blockedBy: String?)] = [("", nil)]
        while let (folder, blockedBy) = pending.popLast() {
            let from = folder.isEmpty ? output : output + "/" + folder
            for (name, isFolder) in try Self.list(from) {
                let path = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && name == OutputRecord.name { continue }
                let ours = record.map { isFolder ? $0.lists(inside: path) : $0.contains(path) } ?? false
                let staged = blockedBy == nil ? Self.kind(staging + "/" + path) : nil
                if isFolder {
                    if staged == .other {
                        // A file of the build where this folder is: the folder's files are in its way.
                        if ours { pending.append((path, path)) } else { conflicts.append(Conflict(foreign: path, isFolder: true, written: path)) }
                    } else if ours || staged == .folder {
                        pending.append((path, blockedBy))
                    } else if let blockedBy {
                        conflicts.append(Conflict(foreign: path, isFolder: true, written: blockedBy))
                    } else {
                        kept.append((path, true))
                    }
                } else if !ours {
                    if let blockedBy {
                        conflicts.append(Conflict(foreign: path, isFolder: false, written: blockedBy))
                    } else if staged != nil {
                        let written = staged == .folder ? Self.firstFile(in: staging, under: path) : path
                        conflicts.append(Conflict(foreign: path, isFolder: false, written: written))
                    } else {
                        kept.append((path, false))
                    }
                }
            }
        }
        conflicts.sort { OutputRecord.precedes($0.foreign, $1.foreign) }
    }

    /// Hard links of the kept files (copies of the kept folders made of hard links) in `staging`.
    package func link(from output: String, into staging: String) throws(OutputFolders.Failure) {
        var folders: Set<String> = [""]
        for (path, isFolder) in kept {
            try OutputFolders.ensureFolder((path as NSString).deletingLastPathComponent, under: staging, known: &folders)
            if isFolder {
                try OutputFolders.cloneTree(output + "/" + path, to: staging + "/" + path)
            } else if Glibc.link(output + "/" + path, staging + "/" + path) != 0 {
                throw OutputFolders.Failure(doing: "keeping", path: output + "/" + path, code: errno)
            }
        }
    }

    /// The user's files in the output at `output` in the way of `paths`, files a build writes
    /// that the last one did not (an update's, where the output is as that build left it):
    /// one at such a path, or where one needs a folder.
    package static func conflicts(with paths: [String], in output: String) -> [Conflict] {
        var conflicts: [Conflict] = []
        var folders: Set<String> = []
        for path in paths {
            if let kind = kind(output + "/" + path) {
                conflicts.append(Conflict(foreign: path, isFolder: kind == .folder, written: path))
            }
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, folders.insert(folder).inserted {
                if kind(output + "/" + folder) == .other { conflicts.append(Conflict(foreign: folder, isFolder: false, written: path)) }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return conflicts.sorted { OutputRecord.precedes($0.foreign, $1.foreign) }
    }

    private enum Kind { case folder, other }

    /// What is at `path`, not following a symlink; nil for nothing.
    private static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .other
    }

    /// The names in the folder at `path`, with whether each is a folder (a symlink is not).
    private static func list(_ path: String) throws(OutputFolders.Failure) -> [(String, Bool)] {
        guard let stream = opendir(path) else { throw OutputFolders.Failure(doing: "reading", path: path, code: errno) }
        defer { closedir(stream) }
        var names: [(String, Bool)] = []
        while let item = readdir(stream) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != ".", name != ".." else { continue }
            let type = item.pointee.d_type
            let isFolder = type == UInt8(DT_UNKNOWN) ? kind(path + "/" + name) == .folder : type == UInt8(DT_DIR)
            names.append((name, isFolder))
        }
        return names
    }

    /// A file the build staged inside the folder `folder` (site-relative), for a message; the
    /// folder itself if there is none.
    private static func firstFile(in staging: String, under folder: String) -> String {
        var current = folder
        while let entries = (try? list(staging + "/" + current))?.sorted(by: { OutputRecord.precedes($0.0, $1.0) }),
              let first = entries.first(where: { !$0.1 }) ?? entries.first {
            current += "/" + first.0
            if !first.1 { return current }
        }
        return current
    }
}
