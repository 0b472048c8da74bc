/// SHA-256 (the toolchain has no CryptoKit on Linux), by the shim's `gz_sha256_hex`: the processor's
/// SHA instructions where it has them (x86-64 with SHA-NI), else GLib's GChecksum, the portable
/// twin (forced by `GAZETTEER_PORTABLE=1`; the tests compare the two).
public enum ContentHash {
    /// The SHA-256 of `data` as 64 lowercase hex digits.
    public static func sha256Hex(_ data: some Collection<UInt8>) -> String {
        if let digest = data.withContiguousStorageIfAvailable({ Vips.sha256Hex(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(data).withUnsafeBytes { Vips.sha256Hex($0) }
    }
}
