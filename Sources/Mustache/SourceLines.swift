/// Where the lines of a template begin, so that a byte offset becomes a line and a column
/// in constant time however long the lines are: a template of one 1 MB line with 100,000
/// tags is located as fast as one of short lines (the parser asks for every tag's place).
struct SourceLines {
    /// Offsets where lines begin; the first is 0.
    private let starts: [Int]
    /// For each offset, how many UTF-8 continuation bytes lie before it, so that a column
    /// counts Unicode scalars without walking the line. Empty for ASCII-only text.
    private let continuations: [Int32]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        var ascii = true
        for (offset, byte) in bytes.enumerated() {
            if byte == .newline { starts.append(offset + 1) }
            if byte >= 0x80 { ascii = false }
        }
        self.starts = starts
        guard !ascii else {
            continuations = []
            return
        }
        var counts = [Int32](repeating: 0, count: bytes.count + 1)
        var count: Int32 = 0
        for (offset, byte) in bytes.enumerated() {
            counts[offset] = count
            if byte & 0xC0 == 0x80 { count += 1 }
        }
        counts[bytes.count] = count
        continuations = counts
    }

    /// The index of the line holding `offset` (0-based).
    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The offset where the line holding `offset` begins.
    func lineStart(of offset: Int) -> Int {
        starts[lineIndex(of: offset)]
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    func position(of offset: Int) -> SourcePosition {
        let line = lineIndex(of: offset)
        let start = starts[line]
        var column = offset - start + 1
        if !continuations.isEmpty { column -= Int(continuations[offset] - continuations[start]) }
        return SourcePosition(line: line + 1, column: column)
    }
}
