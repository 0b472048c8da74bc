import Foundation

extension Thumbnailer {
    /// Deletes the thumbnails in the cache whose names are not in `fileNames`, and temporary
    /// files left for over an hour by interrupted runs. Other files are never touched.
    /// Returns how many files were deleted.
    public func prune(keeping fileNames: Set<String>) throws -> Int {
        let manager = FileManager.default
        let hourAgo = Date().addingTimeInterval(-3600)
        var removed = 0
        for name in try manager.contentsOfDirectory(atPath: cacheDirectory.path) {
            let url = cacheDirectory.appending(path: name)
            let stale: Bool
            if CacheName.isThumbnail(name) {
                stale = !fileNames.contains(name)
            } else if CacheName.isTemporary(name) {
                let modified = (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
                stale = modified.map { $0 < hourAgo } ?? false
            } else {
                stale = false
            }
            guard stale else { continue }
            do {
                try manager.removeItem(at: url)
                removed += 1
            } catch where !manager.fileExists(atPath: url.path) {
                // Removed meanwhile by someone else.
            }
        }
        return removed
    }
}
