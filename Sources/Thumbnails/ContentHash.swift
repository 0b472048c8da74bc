/// SHA-256, by GLib (the toolchain has no CryptoKit on Linux).
public enum ContentHash {
    /// The SHA-256 of `data` as 64 lowercase hex digits.
    public static func sha256Hex(_ data: some Collection<UInt8>) -> String {
        if let digest = data.withContiguousStorageIfAvailable({ Vips.sha256Hex(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(data).withUnsafeBytes { Vips.sha256Hex($0) }
    }
}
