import Foundation

/// Makes thumbnails with libvips into a content-addressed cache folder.
///
/// The site build calls `plan` while rendering (to learn exact sizes and file names), `make`
/// on all plans afterwards, then links the files at `cachedFile` into its output. Thread-safe.
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
    }

    /// Uses (and creates) `cacheDirectory`, which should hold nothing but thumbnails.
    public init(cacheDirectory: URL, limits: Limits = Limits()) throws(ThumbnailError) {
        self.cacheDirectory = cacheDirectory.standardizedFileURL
        self.limits = limits
        guard Vips.started else {
            throw ThumbnailError(path: cacheDirectory.path, message: "libvips could not be started")
        }
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
