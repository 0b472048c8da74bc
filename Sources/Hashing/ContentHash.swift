import CContentHash

/// SHA-256 (the toolchain has no CryptoKit on Linux), by `gz_sha256_hex` (Sources/CContentHash):
/// the processor's SHA instructions where it has them (x86-64 with SHA-NI), else plain C, the
/// portable twin (forced by `GAZETTEER_PORTABLE=1`; the tests compare the two). The only file
/// importing CContentHash.
public enum ContentHash {
    /// The SHA-256 of `data` as 64 lowercase hex digits.
    public static func sha256Hex(_ data: some Collection<UInt8>) -> String {
        if let digest = data.withContiguousStorageIfAvailable({ hex(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(data).withUnsafeBytes { hex($0) }
    }

    /// The SHA-256 of `data` as four 64-bit words, most significant first: the number the
    /// 64 hex digits of `sha256Hex` spell, without making or reading any text.
    public static func sha256Words(_ data: some Collection<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        if let words = data.withContiguousStorageIfAvailable({ words(UnsafeRawBufferPointer($0)) }) {
            return words
        }
        return Array(data).withUnsafeBytes { words($0) }
    }

    private static func words(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64, UInt64, UInt64) {
        var state = [UInt32](repeating: 0, count: 8)
        gz_sha256(bytes.baseAddress, bytes.count, &state)
        func pair(_ n: Int) -> UInt64 { UInt64(state[n]) << 32 | UInt64(state[n + 1]) }
        return (pair(0), pair(2), pair(4), pair(6))
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var out = [CChar](repeating: 0, count: 65)
        gz_sha256_hex(bytes.baseAddress, bytes.count, &out)
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `sha256Hex` uses the processor's SHA instructions now (it has them, and the
    /// portable code is not forced).
    public static var usesSHAInstructions: Bool { gz_may_use_sha() != 0 }
}

/// The process-wide switch that forces the portable twins of processor-specific code: the SHA
/// instructions of `ContentHash` and the AVX2 loops of the thumbnail shim.
public enum PortableCode {
    /// Whether the portable code is forced now (GAZETTEER_PORTABLE=1, or inside `with(true)`).
    public static var isForced: Bool { gz_portable_now() != 0 }

    /// Runs `body` with the processor-specific code forced off (`portable`) or allowed where the
    /// processor has it, then puts the switch back as it was: tests run both twins and compare
    /// their bytes.
    public static func with<Result>(_ portable: Bool, _ body: () throws -> Result) rethrows -> Result {
        let previous = gz_set_portable(portable ? 1 : 0)
        defer { gz_set_portable(previous) }
        return try body()
    }
}
