import Foundation
@testable import Search

/// Reads a built index the way search.js does (a second implementation, for the tests): which
/// files a query loads and what it finds, ranked.
struct IndexReader {
    let files: [String: [UInt8]]

    struct Result: Equatable {
        var name: String
        var kind: String
        var url: String
    }

    /// The JSON a file registers.
    func data(_ name: String) throws -> Any {
        let bytes = try XCTUnwrapFile(files["search/\(name).js"], name)
        let text = String(decoding: bytes, as: UTF8.self)
        let prefix = "__gazetteerSearch(\"\(name)\","
        guard text.hasPrefix(prefix), text.hasSuffix(");\n") else { throw ReaderError("bad wrapper in \(name)") }
        let json = text.dropFirst(prefix.count).dropLast(3)
        return try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    /// The entry, its maps and lists read as search.js's `entry` reads them.
    var entry: [String: Any] {
        get throws {
            var entry = try data("index") as! [String: Any]
            for label in ["leaves", "nodes"] {
                let parts = (entry[label] as! String).split(separator: " ").map(String.init)
                entry[label] = Dictionary(uniqueKeysWithValues: stride(from: 0, to: parts.count, by: 2).map { (parts[$0], parts[$0 + 1]) })
            }
            for label in ["chunks", "order"] {
                let text = Array(entry[label] as! String)
                entry[label] = stride(from: 0, to: text.count, by: 10).map { String(text[$0..<$0 + 10]) }
            }
            return entry
        }
    }

    /// The best field of each record for a query word, the ids its shard lists by name ("n"),
    /// and the files read to know it.
    func matches(_ word: String) throws -> (best: [UInt8], named: [Int], files: [String]) {
        let entry = try entry
        let leaves = entry["leaves"] as! [String: String], nodes = entry["nodes"] as! [String: String]
        var best = [UInt8](repeating: 255, count: entry["records"] as! Int)
        let scalars = Array(word.unicodeScalars)
        for k in stride(from: scalars.count, to: 0, by: -1) {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<k])
            let key = String(prefix)
            if let hash = leaves[key] {
                let leaf = try data("w/" + hash) as! [String: String]
                let words = leaf["w"]!.split(separator: " "), postings = leaf["p"]!.split(separator: " ")
                for (w, p) in zip(words, postings) where w.hasPrefix(word) { Self.decode(String(p), into: &best) }
                return (best, Self.numbers(leaf["n"]!), ["w/" + hash])
            }
            if let hash = nodes[key] {
                guard k == scalars.count else { return (best, [], []) }
                let node = try data("w/" + hash) as! [String: String]
                Self.decode(node["s"]!, into: &best)
                return (best, Self.numbers(node["n"]!), ["w/" + hash])
            }
        }
        return (best, [], [])
    }

    /// Ranked results (all of them) and every file a browser would load to show the first `shown`.
    /// Ties are ranked by the names in the display rows; the lists by name the browser reads
    /// instead (a shard's "n", the order files) must choose the same records, or this throws.
    func search(_ query: String, shown: Int = 8) throws -> (results: [Result], count: Int, files: [String]) {
        var terms: [String] = []
        for word in Folding.words(in: query) where !terms.contains(word) { terms.append(word) }
        let entry = try entry
        var loaded = ["index"]
        var sets: [[UInt8]] = []
        var firstNamed: [Int] = []
        for term in terms {
            let (best, named, files) = try matches(term)
            if sets.isEmpty { firstNamed = named }
            sets.append(best)
            loaded += files
        }
        let count = entry["records"] as! Int
        let chunkSize = entry["chunk"] as! Int, chunks = entry["chunks"] as! [String], orders = entry["order"] as! [String]
        let pages = entry["pages"] as! [String: String]
        func chunk(_ id: Int) -> String { "d/" + chunks[id / chunkSize] }
        func row(_ id: Int) throws -> [Any] { (try data(chunk(id)) as! [String: [[Any]]])["r"]![id % chunkSize] }
        /// Ties by folded name (UTF-8 bytes), then countries before cities, then slug.
        func precedesByName(_ a: Int, _ b: Int) throws -> Bool {
            let x = try row(a), y = try row(b)
            let names = (Folding.fold(x[2] as! String), Folding.fold(y[2] as! String))
            if names.0 != names.1 { return names.0.utf8.lexicographicallyPrecedes(names.1.utf8) }
            if x[0] as! String != y[0] as! String { return x[0] as! String == "country" }
            return (x[1] as! String).utf8.lexicographicallyPrecedes((y[1] as! String).utf8)
        }
        var ranked: [(rank: Int, id: Int)] = []
        for id in 0..<count where !terms.isEmpty && sets.allSatisfy({ $0[id] != 255 }) {
            let fields = sets.map { Int($0[id]) }
            ranked.append((fields.max()! * 1024 + fields.reduce(0, +), id))
        }
        ranked = try ranked.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : try precedesByName($0.id, $1.id) }

        // Which of the records tied at the last rank shown come first, as the browser tells
        // (see firstByName): from the first word's shard when they are tied on fields other
        // than the body; else from their rows, or from the order files up to the last of them shown.
        let top = Array(ranked.prefix(shown))
        if let last = top.last?.rank {
            let tied = ranked.filter { $0.rank == last }.map(\.id)
            let wanted = top.count - top.filter { $0.rank < last }.count
            let first = Array(tied.prefix(wanted))
            if tied.count > wanted {
                var walked: [Int]
                if last / 1024 != Int(SearchField.body.rawValue) {
                    walked = firstNamed
                } else if Double((tied.count - wanted) * chunkSize * 100) < Double(wanted) / Double(tied.count) * Double(count * 3) {
                    walked = first
                    loaded += tied.sorted().map(chunk)
                } else {
                    walked = []
                    for name in orders where Set(walked).intersection(tied).count < wanted {
                        loaded.append("o/" + name)
                        walked += Self.numbers((try data("o/" + name) as! [String: String])["o"]!)
                    }
                }
                let chosen = Array(walked.filter(Set(tied).contains).prefix(wanted))
                guard chosen == first else { throw ReaderError("\(query): the lists by name give \(chosen), the names \(first)") }
            }
        }
        var results: [Result] = []
        for (n, item) in ranked.enumerated() {
            let row = try row(item.id)
            let kind = row[0] as! String
            results.append(Result(name: row[2] as! String, kind: kind,
                                  url: pages[kind]!.replacingOccurrences(of: "{slug}", with: row[1] as! String)))
            guard n < shown else { continue }
            loaded.append(chunk(item.id))
            let text = row[7] as! String
            if !text.isEmpty, sets.contains(where: { $0[item.id] == SearchField.body.rawValue }) { loaded.append("t/" + text) }
        }
        var unique: [String] = []
        for name in loaded where !unique.contains(name) { unique.append(name) }
        return (results, ranked.count, unique)
    }

    /// The ids of an order file or of a shard's "n".
    static func numbers(_ text: String) -> [Int] {
        let digits = Array(PostingCoding.digits)
        var numbers: [Int] = [], value = 0
        for byte in text.utf8 {
            let digit = digits.firstIndex(of: byte)!
            if digit >= 32 { value = value * 32 + digit - 32 } else { numbers.append(value * 32 + digit); value = 0 }
        }
        return numbers
    }

    /// Bytes of the files a query loads.
    func bytesLoaded(_ query: String) throws -> Int {
        try search(query).files.reduce(0) { $0 + files["search/\($1).js"]!.count }
    }

    static func decode(_ postings: String, into best: inout [UInt8]) {
        let digits = Array(PostingCoding.digits), markers = Array(PostingCoding.fieldMarkers)
        var field: UInt8 = 0, id = -1, value = 0, bitmap = false, bit = 0
        let bytes = Array(postings.utf8)
        var i = 0
        while i < bytes.count {
            defer { i += 1 }
            if let marker = markers.firstIndex(of: bytes[i]) {
                field = UInt8(marker); id = -1; value = 0; bit = 0
                bitmap = i + 1 < bytes.count && bytes[i + 1] == PostingCoding.bitmapMarker
                if bitmap { i += 1 }
                continue
            }
            let digit = digits.firstIndex(of: bytes[i])!
            if bitmap {
                for b in 0..<6 where digit & (1 << b) != 0 { best[bit + b] = min(best[bit + b], field) }
                bit += 6
            } else if digit >= 32 {
                value = value * 32 + digit - 32
            } else {
                id += value * 32 + digit + 1
                value = 0
                best[id] = min(best[id], field)
            }
        }
    }
}

struct ReaderError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func XCTUnwrapFile(_ bytes: [UInt8]?, _ name: String) throws -> [UInt8] {
    guard let bytes else { throw ReaderError("no file search/\(name).js") }
    return bytes
}
