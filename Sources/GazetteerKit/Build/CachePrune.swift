import Foundation
import Thumbnails

/// The thumbnail cache kept to what the site uses. After a successful build, a thumbnail in
/// the cache that the output does not hold (no page or body of the site shows it) is removed
/// once it has been unused for `thumbnail_cache_days` days (7 unless `gazetteer.yaml` says
/// otherwise); with `gazetteer build --gc`, every unused one is removed at once.
///
/// When each unused thumbnail was first found unused is kept in
/// `.gazetteer-cache/images-unused.txt` (written through a temporary file and a rename): a
/// thumbnail is never removed sooner than its days after that, and one the site uses again
/// leaves the list. The cache is looked at only after a build that put thumbnails into the
/// output or took some out, with `--gc`, or a day after it was last looked at; a build with
/// nothing to do looks at it only then. Each thumbnail goes by one `unlink`, so a build
/// stopped while pruning leaves every other file of the cache whole, and the list as it was
/// (the next look finds the files gone). The cache belongs to one guide: thumbnails only
/// another guide's output uses count as unused.
enum CachePrune {
    static let defaultDays = 7
    private static let header = "gazetteer unused thumbnails 1"

    static func ledger(in cache: URL) -> URL { cache.appending(path: "images-unused.txt") }

    /// What the list holds: when the cache was last looked at, with what days, and since when
    /// each unused thumbnail has been unused (seconds since 1970).
    struct Ledger: Equatable {
        var looked: Int
        var days: Int
        var unused: [String: Int]
    }

    /// Looks at the cache after a successful build into `options.output`, if it is time to
    /// (see above); `days` nil: the days of the last look (a build that read no settings).
    /// Returns how many thumbnails were removed.
    @discardableResult
    static func afterBuild(_ options: BuildOptions, days: Int?, imagesChanged: Bool, now: Int = Int(Date().timeIntervalSince1970)) -> Int {
        guard options.writeOutput else { return 0 }
        let images = options.cache.appending(path: "images")
        // The list's head says whether it is time; the rest (a line per unused thumbnail,
        // 31,000 lines after a change of every key) is read only when it is.
        let head = readHead(ledger(in: options.cache))
        let days = days ?? head?.days ?? defaultDays
        let due = options.collectGarbage || imagesChanged || head == nil || head!.days != days || now - head!.looked >= 86_400
        guard due, FileManager.default.fileExists(atPath: images.path) else { return 0 }
        let known = read(ledger(in: options.cache))
        let used = Set((try? FileManager.default.contentsOfDirectory(atPath: options.output.appending(path: "images").path)) ?? [])
        var unused: [String: Int] = [:]
        let removed = (try? Thumbnailer.prune(images) { name in
            guard !used.contains(name) else { return false }
            let since = known?.unused[name] ?? now
            if options.collectGarbage || now - since >= days * 86_400 { return true }
            unused[name] = since
            return false
        }) ?? 0
        write(Ledger(looked: now, days: days, unused: unused), to: ledger(in: options.cache))
        return removed
    }

    /// The list's second line alone: when the cache was last looked at, and with what days.
    static func readHead(_ url: URL) -> (looked: Int, days: Int)? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 256) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == header else { return nil }
        let head = lines[1].split(separator: " ")
        guard head.count == 4, head[0] == "looked", head[2] == "days", let looked = Int(head[1]), let days = Int(head[3]) else { return nil }
        return (looked, days)
    }

    static func read(_ url: URL) -> Ledger? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == header, lines.last == "" else { return nil }
        let head = lines[1].split(separator: " ")
        guard head.count == 4, head[0] == "looked", head[2] == "days", let looked = Int(head[1]), let days = Int(head[3]) else { return nil }
        var unused: [String: Int] = [:]
        for line in lines.dropFirst(2).dropLast() {
            guard let tab = line.firstIndex(of: "\t"), let since = Int(line[..<tab]) else { return nil }
            unused[String(line[line.index(after: tab)...])] = since
        }
        return Ledger(looked: looked, days: days, unused: unused)
    }

    static func write(_ ledger: Ledger, to url: URL) {
        var text = "\(header)\nlooked \(ledger.looked) days \(ledger.days)\n"
        for (name, since) in ledger.unused.sorted(by: { $0.key < $1.key }) where !name.contains("\n") {
            text += "\(since)\t\(name)\n"
        }
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)),
              rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return
        }
    }
}
