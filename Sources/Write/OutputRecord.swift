import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.gazetteer-files` in the output folder: the paths of the files the last build wrote there,
/// one a line after a header, sorted by their UTF-8 bytes. It is how a build knows the folder
/// is one its guide made, and which of the files in it are the user's (every one not listed:
/// they are kept). It is written into the staging folder with the site, so that it is always
/// the record of the site beside it, whenever a build is killed.
package struct OutputRecord: Sendable {
    package static let name = ".gazetteer-files"
    private static let header = Array("# gazetteer: the files its build wrote in this folder; it keeps every other file\n".utf8)
    private static let mark = Array("# gazetteer:".utf8)

    /// The file's bytes, and where each listed path is in them, in byte order.
    private let bytes: [UInt8]
    private let lines: [Range<Int>]

    /// The record in the folder at `output`; nil when there is none (or a file of that name
    /// that is not one).
    package static func read(in output: String) -> OutputRecord? {
        guard let data = FileManager.default.contents(atPath: output + "/" + name) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: mark) else { return nil }
        var lines: [Range<Int>] = []
        var start = (bytes.firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index > start { lines.append(start..<index) }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        let record = OutputRecord(bytes: bytes, lines: lines)
        // Edited by hand out of order: sorted again, for the searches.
        let sorted = zip(lines, lines.dropFirst()).allSatisfy { record.compare($0, $1) < 0 }
        return sorted ? record : OutputRecord(bytes: bytes, lines: lines.sorted { record.compare($0, $1) < 0 })
    }

    /// Whether the folder at `output` holds a record (its first line only is read: a
    /// build claims the folder on every run, also when nothing changed).
    package static func exists(in output: String) -> Bool {
        let fd = open(output + "/" + name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var start = [UInt8](repeating: 0, count: mark.count)
        let count = start.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, mark.count) }
        return count == mark.count && start == mark
    }

    /// Whether `path` is a file the record lists.
    package func contains(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { key in
            let index = lowerBound(key)
            return index < lines.count && compare(lines[index], key) == 0
        }
    }

    /// Whether the record lists a file inside the folder `folder`.
    package func lists(inside folder: String) -> Bool {
        var prefix = folder + "/"
        return prefix.withUTF8 { key in
            let index = lowerBound(key)
            guard index < lines.count, lines[index].count >= key.count else { return false }
            return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + lines[index].lowerBound, key.baseAddress!, key.count) == 0 }
        }
    }

    /// The text of the record of a build that wrote the files `paths`.
    package static func text(of paths: [String]) -> [UInt8] {
        var out = header
        for path in inOrder(paths) {
            out.append(contentsOf: path.utf8)
            out.append(0x0A)
        }
        return out
    }

    /// `paths` in byte order, each once (told apart by their bytes, as file names are).
    private static func inOrder(_ paths: [String]) -> [String] {
        var sorted = paths.sorted(by: precedes)
        var kept = 0
        for index in sorted.indices where kept == 0 || !sorted[index].utf8.elementsEqual(sorted[kept - 1].utf8) {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    /// The text of this record with `adding` listed and `removing` no longer (neither need be
    /// sorted); nil when that is this record's text.
    package func text(adding: [String], removing: [String]) -> [UInt8]? {
        let added = Self.inOrder(adding.filter { !contains($0) })
        let removed = Self.inOrder(removing.filter { contains($0) })
        guard !added.isEmpty || !removed.isEmpty else { return nil }
        // Listed paths and added ones merged, removed ones left out, all in byte order.
        var out = Self.header
        out.reserveCapacity(bytes.count + added.reduce(0) { $0 + $1.utf8.count + 1 })
        var nextAdded = 0, nextRemoved = 0
        // How the line `line` compares with `path`.
        func order(_ line: Range<Int>, _ path: String) -> Int32 {
            var path = path
            return path.withUTF8 { compare(line, $0) }
        }
        for line in lines {
            while nextAdded < added.count, order(line, added[nextAdded]) > 0 {
                out.append(contentsOf: added[nextAdded].utf8)
                out.append(0x0A)
                nextAdded += 1
            }
            if nextRemoved < removed.count, order(line, removed[nextRemoved]) == 0 {
                nextRemoved += 1
                continue
            }
            out.append(contentsOf: bytes[line])
            out.append(0x0A)
        }
        for path in added[nextAdded...] {
            out.append(contentsOf: path.utf8)
            out.append(0x0A)
        }
        return out
    }

    // MARK: Byte order

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes (that of the record; a
    /// String's own `<` compares canonical equivalents, which a file system tells apart).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let shared = min(x.count, y.count)
                let order = shared == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, shared)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
        return (order ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The index of the first line not before `key`.
    private func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if compare(lines[middle], key) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func compare(_ line: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        bytes.withUnsafeBufferPointer { all in
            let shared = min(line.count, key.count)
            let order = shared == 0 ? 0 : memcmp(all.baseAddress! + line.lowerBound, key.baseAddress!, shared)
            if order != 0 { return order }
            return line.count < key.count ? -1 : line.count > key.count ? 1 : 0
        }
    }

    private func compare(_ a: Range<Int>, _ b: Range<Int>) -> Int32 {
        bytes.withUnsafeBufferPointer { all in
            compare(a, UnsafeBufferPointer(rebasing: all[b]))
        }
    }
}
