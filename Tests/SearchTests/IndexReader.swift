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

    var entry: [String: Any] { get throws { try data("index") as! [String: Any] } }

    /// The best field of each record for a query word, and the files read to know it.
    func matches(_ word: String) throws -> (best: [UInt8], files: [String]) {
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
                return (best, ["w/" + hash])
            }
            if let hash = nodes[key] {
                guard k == scalars.count else { return (best, []) }
                Self.decode((try data("w/" + hash) as! [String: String])["s"]!, into: &best)
                return (best, ["w/" + hash])
            }
        }
        return (best, [])
    }

    /// Ranked results (all of them) and every file a browser would load to show the first `shown`.
    func search(_ query: String, shown: Int = 8) throws -> (results: [Result], count: Int, files: [String]) {
        var terms: [String] = []
        for word in Folding.words(in: query) where !terms.contains(word) { terms.append(word) }
        let entry = try entry
        var loaded = ["index"]
        var sets: [[UInt8]] = []
        for term in terms {
            let (best, files) = try matches(term)
            sets.append(best)
            loaded += files
        }
        let count = entry["records"] as! Int
        var ranked: [(key: Int, id: Int)] = []
        for id in 0..<count where !terms.isEmpty && sets.allSatisfy({ $0[id] != 255 }) {
            let fields = sets.map { Int($0[id]) }
            ranked.append((fields.max()! * 1024 + fields.reduce(0, +), id))
        }
        ranked.sort { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
        let chunkSize = entry["chunk"] as! Int, chunks = entry["chunks"] as! [String]
        let pages = entry["pages"] as! [String: String]
        var results: [Result] = []
        for (n, item) in ranked.enumerated() {
            let chunk = "d/" + chunks[item.id / chunkSize]
            let row = (try data(chunk) as! [String: [[Any]]])["r"]![item.id % chunkSize]
            let kind = row[0] as! String
            results.append(Result(name: row[2] as! String, kind: kind,
                                  url: pages[kind]!.replacingOccurrences(of: "{slug}", with: row[1] as! String)))
            guard n < shown else { continue }
            loaded.append(chunk)
            let text = row[7] as! String
            if !text.isEmpty, sets.contains(where: { $0[item.id] == SearchField.body.rawValue }) { loaded.append("t/" + text) }
        }
        var unique: [String] = []
        for name in loaded where !unique.contains(name) { unique.append(name) }
        return (results, ranked.count, unique)
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
