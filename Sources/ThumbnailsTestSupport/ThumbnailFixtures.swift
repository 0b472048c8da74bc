import Foundation
import CThumbnailFixtures
import Thumbnails

/// Pictures for tests and benchmarks, made and read back with libvips (not part of the production
/// library: test targets and ThumbnailsBench depend on this module). The only file importing
/// CThumbnailFixtures.
public enum ThumbnailFixtures {
    /// Writes a `width` x `height` noisy colour picture as `format` ("jpeg", "png" or "webp").
    /// Each `seed` gives a different picture; `sigma` sets how noisy (and so how large) it is.
    /// `orientation` (1...8, 0 for none) and `exifText` (as EXIF Artist and ImageDescription)
    /// are written as EXIF metadata where the format allows.
    public static func writePhoto(
        to url: URL, format: String, width: Int, height: Int, seed: Int = 1, sigma: Double = 30,
        quality: Int = 80, orientation: Int = 0, exifText: String? = nil
    ) throws(ThumbnailError) {
        try check(url, gz_fixture_write(
            url.path, format, Int32(width), Int32(height), Int32(seed), sigma, Int32(quality),
            Int32(orientation), exifText))
    }

    /// What a written image file holds.
    public struct Inspection: Sendable {
        public var width: Int
        public var height: Int
        public var bands: Int
        /// The mean value of the band asked for, 0...255.
        public var mean: Double
        public var hasEXIF: Bool
    }

    /// Reads a PNG, JPEG or WebP file back (all its pixels).
    public static func inspect(_ url: URL, band: Int = 0) throws(ThumbnailError) -> Inspection {
        var width: Int32 = 0, height: Int32 = 0, bands: Int32 = 0, exif: Int32 = 0
        var mean = 0.0
        try check(url, gz_fixture_inspect(url.path, Int32(band), &width, &height, &bands, &mean, &exif))
        return Inspection(width: Int(width), height: Int(height), bands: Int(bands), mean: mean, hasEXIF: exif != 0)
    }

    /// The mean absolute difference between two pictures of the same size and bands (0...255).
    public static func difference(_ first: URL, _ second: URL) throws(ThumbnailError) -> Double {
        var mean = 0.0
        try check(first, gz_fixture_difference(first.path, second.path, &mean))
        return mean
    }

    /// libvips started as the production code starts it, for `LibvipsOps`.
    public static let libvipsStarted: Bool = gz_fixture_start_libvips() == 0

    /// The shim's SSIM (`ssim.c`, the measure png-adaptive keeps its colours by) of two
    /// pictures of straight R, G, B, A bytes, one word a pixel: -1 under 7 pixels a side.
    public static func ssim(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> Double {
        gz_fixture_ssim(a, b, Int32(width), Int32(height))
    }

    private static func check(_ url: URL, _ message: UnsafeMutablePointer<CChar>?) throws(ThumbnailError) {
        guard let message else { return }
        defer { gz_fixture_free(message) }
        throw ThumbnailError(path: url.path, message: String(cString: message))
    }
}
