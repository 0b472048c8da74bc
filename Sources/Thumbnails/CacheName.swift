import Foundation
import Hashing

/// Names of the files in the cache folder, and the cache key behind them.
enum CacheName {
    /// Bump when outputs would differ for the same inputs.
    static let encoderVersion = 2

    /// Marks the folder as a cache for backup tools (https://bford.info/cachedir/).
    static let cacheDirTag = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by gazetteer (thumbnails).
        # For information about cache directory tags see https://bford.info/cachedir/

        """

    /// `stem.<8 hex>.<ext>`, the digits from a hash of the source bytes, every parameter that
    /// shapes the output, and the encoder. Where the output is a function of the source and its
    /// own size alone (`keyedBySize`), the key is that: presets asking for one size of one
    /// picture (a list's 2x and a page's 1x) share one file, made once.
    static func fileName(
        stem: String, sourceDigest: String, source: SourceFormat, spec: ThumbnailSpec, scale: Int, size: PixelSize,
        format: ImageFormat
    ) -> String {
        let mode = switch spec.mode {
        case .fit: "fit"
        case .fill(let crop): "fill-\(crop.rawValue)"
        }
        let recipe = keyedBySize(source, spec.mode)
            ? "mode \(mode)"
            : "mode \(mode); box \(spec.width)x\(spec.height); scales \(Set(spec.scales).sorted()); upscale \(spec.allowUpscale)\nscale \(scale)"
        let key = """
            gazetteer thumbnail \(encoderVersion); libvips \(Vips.version); \(Vips.encoderSettings)
            source \(sourceDigest)
            \(recipe); size \(size); format \(format.rawValue)
            """
        let digest = ContentHash.sha256Hex(Array(key.utf8))
        return "\(stem).\(digest.prefix(8)).\(format.fileExtension)"
    }

    /// Whether every output of a `source` in `mode` is resampled from the source on its own,
    /// whatever other sizes its preset asks for: JPEG and WebP photos fitted or filled from the
    /// centre (the direct path, and libvips' path, which decodes each output at its own shrink).
    /// Drawings are rendered at their preset's largest size, PNGs over 4 megapixels resized to it,
    /// and attention crops found on it, so their keys keep the whole preset.
    static func keyedBySize(_ source: SourceFormat, _ mode: ThumbnailMode) -> Bool {
        (source == .jpeg || source == .webp) && mode != .fill(.attention)
    }

    /// Whether `name` is a thumbnail this module writes (`stem.<8 hex>.<ext>`).
    static func isThumbnail(_ name: String) -> Bool {
        // On the bytes (asked of every file of the cache, 31,000 at 10k, when it is pruned):
        // the dots, the hex digits and the formats are ASCII.
        let parts = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[0].isEmpty else { return false }
        let hex = parts[parts.count - 2]
        return hex.count == 8 && hex.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            && Self.formats.contains { $0.elementsEqual(parts[parts.count - 1]) }
    }

    private static let formats = ["png", "jpg", "webp", "avif"].map { Array($0.utf8) }

    /// A temporary name beside `fileName`, renamed into place when complete.
    static func temporary(for fileName: String) -> String {
        ".\(fileName).\(UInt64.random(in: 0...UInt64.max)).tmp"
    }

    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.hasSuffix(".tmp") }

    /// Whether the cached file at `path` looks whole: a regular file that opens with the
    /// signature of its format. Files are renamed into place only when complete, so this fails
    /// only for a file damaged since (a disk error, a hand edit); such a file is made again.
    static func looksWhole(_ path: String) -> Bool {
        let signatures: [String: [[UInt8]]] = [
            "png": [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]],
            "jpg": [[0xFF, 0xD8, 0xFF]],
            "webp": [Array("RIFF".utf8)],
            "avif": [Array("ftyp".utf8)],
        ]
        let ext = (path as NSString).pathExtension
        guard let expected = signatures[ext], let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 12).map(Array.init) else { return false }
        return expected.contains { signature in
            ext == "avif" ? head.count >= 8 && Array(head[4..<8]) == signature : head.starts(with: signature)
        }
    }

    /// Why `stem` cannot start a file name, or nil when it can.
    static func problem(withStem stem: String) -> String? {
        if stem.isEmpty { return "the output name stem is empty" }
        if stem.hasPrefix(".") { return "the output name stem \"\(stem)\" starts with a dot" }
        if stem.contains("/") || stem.contains("\0") { return "the output name stem \"\(stem)\" contains \"/\"" }
        if stem.utf8.count > 200 { return "the output name stem is longer than 200 bytes" }
        return nil
    }
}
