import Foundation

extension Thumbnailer {
    /// Deletes the thumbnails in the cache whose names are not in `fileNames`, and temporary
    /// files left for over an hour by interrupted runs. Other files are never touched.
    /// Returns how many files were deleted.
    public func prune(keeping fileNames: Set<String>) throws -> Int {
        try Self.prune(cacheDirectory) { !fileNames.contains($0) }
    }

    /// Deletes the thumbnails in the cache folder `cache` for whose names `stale` is true
    /// (asked once for each, in no order), and temporary files left for over an hour by
    /// interrupted runs; other files are never touched, and libvips is not started. Each
    /// file goes by one `unlink`, so a run stopped at any moment leaves every other file whole.
    /// Returns how many files were deleted.
    public static func prune(_ cache: URL, where stale: (String) -> Bool) throws -> Int {
        let manager = FileManager.default
        let hourAgo = Date().addingTimeInterval(-3600)
        var removed = 0
        let folder = cache.path
        for name in try manager.contentsOfDirectory(atPath: folder) {
            var path: String { folder + "/" + name }
            let remove: Bool
            if CacheName.isThumbnail(name) {
                remove = stale(name)
            } else if CacheName.isTemporary(name) {
                let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                remove = modified.map { $0 < hourAgo } ?? false
            } else {
                remove = false
            }
            guard remove else { continue }
            if unlink(path) == 0 { removed += 1 }
            // Else removed meanwhile by someone else, or not ours to remove.
        }
        return removed
    }
}
