import Foundation
import Locking

/// Makes thumbnails with libvips into a content-addressed cache folder.
///
/// The site build calls `plan` while rendering (to learn exact sizes and file names), `make`
/// on all plans afterwards, then links the files at `cachedFile` into its output. Thread-safe.
///
/// - Sizes: `plan` computes every output size from the source header; `make` produces exactly
///   those (and checks). The 2x (3x...) is exactly twice (thrice...) the 1x when the source is
///   large enough, so srcset candidates line up; otherwise it is as large as the source allows
///   and is left out when no larger than the scale below (`limitedBySource` says so). SVGs are
///   vector: any size. Raster sources are enlarged only with `allowUpscale`.
/// - Names: `stem.<8 hex>.<ext>`, the hex from SHA-256 of the source bytes, every spec setting,
///   the scale, the libvips version and the encoder settings. Same inputs, same name, so a
///   rebuild finds its files in the cache; any change, a new name.
/// - Safety: only JPEG, PNG, WebP and (by name) uncompressed SVG are read, everything else in
///   libvips stays blocked; headers are checked against `Limits` before any pixel is decoded;
///   damaged files (truncated, bad CRC) fail rather than come out grey; SVGs are read from
///   memory, so they cannot pull in files beside them; outputs carry no metadata and are sRGB.
/// - Work: one decode per source for all the plans that load it alike (JPEG and WebP decoded
///   at a reduced size when the outputs are small); many sources at once, one libvips thread
///   each; every file written under a temporary name and renamed into place. libvips' error
///   buffer is shared by the whole process, so a failed job is run again alone to get its own
///   message, including what libvips only logged as a GLib warning.
/// - Creating one tunes glibc's malloc for the process (see `gz_prepare`); libvips itself starts
///   at its first use.
public final class Thumbnailer: Sendable {
    let cacheDirectory: URL
    let limits: Limits
    /// Source facts by path, for the version of the file last seen there, so that each
    /// source is read, hashed and measured once however many thumbnails it has.
    let sources = Locked<[String: (stamp: SourceFile.Stamp, info: SourceInfo)]>([:])

    /// What `plan` learns about a source file.
    struct SourceInfo: Sendable {
        var format: SourceFormat
        /// As displayed (after EXIF rotation).
        var size: PixelSize
        var digest: String
        /// The thumbnail encoding a spec without `format` gets (`SourceFormat.automaticOutput`).
        var output: ImageFormat
    }

    /// Uses (and creates) `cacheDirectory`, which should hold nothing but thumbnails.
    public init(cacheDirectory: URL, limits: Limits = Limits()) throws(ThumbnailError) {
        self.cacheDirectory = cacheDirectory.standardizedFileURL
        self.limits = limits
        _ = Vips.started
        do {
            try FileManager.default.createDirectory(at: self.cacheDirectory, withIntermediateDirectories: true)
            let tag = self.cacheDirectory.appending(path: "CACHEDIR.TAG")
            if !FileManager.default.fileExists(atPath: tag.path) {
                try Data(CacheName.cacheDirTag.utf8).write(to: tag, options: .atomic)
            }
        } catch {
            throw ThumbnailError(path: cacheDirectory.path, message: "cannot create the thumbnail cache folder: \(error.localizedDescription)")
        }
    }

    /// Where `image` lives in the cache once made.
    public func cachedFile(_ image: PlannedImage) -> URL {
        cacheDirectory.appending(path: image.fileName)
    }
}
