import CDeflate
import Locking

/// A body's plain text for the search index, held deflated (libdeflate, level 1) from the
/// Markdown stage, which makes it, to the search stage, which reads it once or twice: at
/// 100,000 cities, 122 MB of text held as about 55 MB. `text` gives back the same string.
struct PackedText: Sendable {
    /// Raw DEFLATE of the text's UTF-8 bytes, or the bytes themselves when that is not smaller.
    private let bytes: [UInt8]
    /// The text's length in UTF-8 bytes: `bytes` is deflated when it is shorter.
    private let count: Int

    init(_ text: String) {
        let utf8 = Array(text.utf8), count = utf8.count
        // Deflated into a scratch buffer one byte shorter than the text: a result that would not
        // be smaller does not fit, and the text is kept as it is.
        let packed: [UInt8]? = Self.compressors.lend { compressor, scratch in
            if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
            let size = utf8.withUnsafeBytes { input in
                scratch.withUnsafeMutableBytes { output in
                    libdeflate_deflate_compress(compressor, input.baseAddress, input.count, output.baseAddress, max(0, count - 1))
                }
            }
            return size > 0 ? Array(scratch[..<size]) : nil
        }
        bytes = packed ?? utf8
        self.count = count
    }

    /// The bytes held (for tests).
    var storedBytes: Int { bytes.count }

    var text: String {
        guard bytes.count < count else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: count) { output in
            let result = Self.decompressors.lend { decompressor, _ in
                bytes.withUnsafeBytes { input in
                    libdeflate_deflate_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, count, nil)
                }
            }
            // The bytes were deflated by `init` and never changed since.
            precondition(result == LIBDEFLATE_SUCCESS, "a packed text did not inflate")
            return count
        }
    }

    private static let compressors = CoderPool { libdeflate_alloc_compressor(1) }
    private static let decompressors = CoderPool { libdeflate_alloc_decompressor() }
}

/// libdeflate's compressors or decompressors, each used by one thread at a time: a thread
/// borrows an idle one (or a new one) with a scratch buffer of its own, and gives it back.
/// About one per core is ever made; they last as long as the process.
private final class CoderPool: Sendable {
    /// The idle coders, as addresses, with their scratch buffers.
    private let idle = Locked<[(address: Int, scratch: [UInt8])]>([])
    private let make: @Sendable () -> OpaquePointer?

    init(make: @escaping @Sendable () -> OpaquePointer?) {
        self.make = make
    }

    func lend<Result>(_ body: (OpaquePointer, inout [UInt8]) -> Result) -> Result {
        var (address, scratch) = idle.withLock { $0.popLast() } ?? (0, [])
        if address == 0 {
            guard let made = make() else { fatalError("libdeflate could not allocate a coder") }
            address = Int(bitPattern: made)
        }
        let result = body(OpaquePointer(bitPattern: address)!, &scratch)
        let giving = scratch
        idle.withLock { $0.append((address, giving)) }
        return result
    }
}
