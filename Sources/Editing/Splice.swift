/// One change to a file's bytes: `range` replaced by `bytes` (an insertion when empty).
struct Splice {
    var range: Range<Int>
    var bytes: [UInt8]

    init(_ range: Range<Int>, _ text: String) {
        self.range = range
        bytes = Array(text.utf8)
    }

    init(_ range: Range<Int>, bytes: [UInt8]) {
        self.range = range
        self.bytes = bytes
    }

    /// `file` with every splice made; every byte outside them is kept. Nil when two overlap.
    static func apply(_ splices: [Splice], to file: [UInt8]) -> [UInt8]? {
        let ordered = splices.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(file.count + ordered.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for splice in ordered {
            guard splice.range.lowerBound >= copied, splice.range.upperBound <= file.count else { return nil }
            out += file[copied..<splice.range.lowerBound]
            out += splice.bytes
            copied = splice.range.upperBound
        }
        out += file[copied...]
        return out
    }
}
