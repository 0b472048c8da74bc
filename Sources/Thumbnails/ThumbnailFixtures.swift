import Foundation

/// Pictures for tests and benchmarks, made with libvips (not for production use).
@_spi(Fixtures)
public enum ThumbnailFixtures {
    /// Writes a `width` x `height` noisy colour picture as `format` ("jpeg", "png" or "webp").
    /// Each `seed` gives a different picture; `sigma` sets how noisy (and so how large) it is.
    /// `orientation` (1...8, 0 for none) and `exifText` (as EXIF Artist and ImageDescription)
    /// are written as EXIF metadata where the format allows.
    public static func writePhoto(
        to url: URL, format: String, width: Int, height: Int, seed: Int = 1, sigma: Double = 30,
        quality: Int = 80, orientation: Int = 0, exifText: String? = nil
    ) throws(ThumbnailError) {
        guard Vips.started else { throw ThumbnailError(path: url.path, message: "libvips could not be started") }
        do {
            try Vips.writeFixture(
                path: url.path, format: format, size: PixelSize(width: width, height: height), seed: seed,
                sigma: sigma, quality: quality, orientation: orientation, exifText: exifText)
        } catch {
            throw ThumbnailError(path: url.path, message: error.message)
        }
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
        guard Vips.started else { throw ThumbnailError(path: url.path, message: "libvips could not be started") }
        do {
            let result = try Vips.inspect(path: url.path, band: band)
            return Inspection(
                width: result.size.width, height: result.size.height, bands: result.bands, mean: result.mean,
                hasEXIF: result.hasEXIF)
        } catch {
            throw ThumbnailError(path: url.path, message: error.message)
        }
    }
}
