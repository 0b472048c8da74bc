/// Turns libyaml's marks into byte offsets. libyaml counts Unicode scalars, not bytes (`é` is
/// one, `日` one, an emoji one, and a CRLF two, like the two scalars it is), from the start
/// of the YAML text, except that a byte order mark opening the text is skipped uncounted.
struct ScalarOffsets {
    /// The byte offset (into the whole file) of each scalar of the YAML text, then its end.
    private var starts: [Int] = []

    /// `yaml` is the YAML text's range in `bytes` (which must be valid UTF-8).
    init(_ bytes: [UInt8], yaml: Range<Int>) {
        starts.reserveCapacity(yaml.count + 1)
        var first = yaml.lowerBound
        if bytes[yaml].starts(with: [0xEF, 0xBB, 0xBF]) { first += 3 }
        for offset in first..<yaml.upperBound where bytes[offset] & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(yaml.upperBound)
    }

    /// The byte offset of a mark's scalar offset, nil when past the end.
    func byte(_ scalarOffset: Int) -> Int? {
        scalarOffset >= 0 && scalarOffset < starts.count ? starts[scalarOffset] : nil
    }
}
