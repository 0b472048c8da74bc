import Foundation
import XCTest
@testable import Thumbnails
import ThumbnailsTestSupport

/// A temporary folder with sources and a thumbnail cache, removed afterwards.
final class Workspace {
    let root: URL
    var cache: URL { root.appending(path: "cache") }

    init() {
        root = FileManager.default.temporaryDirectory.appending(path: "thumbnails-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ name: String) -> URL { root.appending(path: name) }

    @discardableResult
    func write(_ name: String, _ text: String) -> URL {
        write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> URL {
        let url = url(name)
        try! Data(bytes).write(to: url)
        return url
    }

    func bytes(_ url: URL) -> [UInt8] { Array(try! Data(contentsOf: url)) }

    /// A noisy photograph-like picture made by libvips.
    @discardableResult
    func photo(
        _ name: String, width: Int, height: Int, format: String = "jpeg", seed: Int = 1, sigma: Double = 30,
        orientation: Int = 0, exifText: String? = nil
    ) throws -> URL {
        let url = url(name)
        try ThumbnailFixtures.writePhoto(
            to: url, format: format, width: width, height: height, seed: seed, sigma: sigma, orientation: orientation,
            exifText: exifText)
        return url
    }

    func thumbnailer(_ limits: Limits = Limits()) throws -> Thumbnailer {
        try Thumbnailer(cacheDirectory: cache, limits: limits)
    }

    /// Files in the cache other than the CACHEDIR.TAG.
    func cacheContents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [])
            .filter { $0 != "CACHEDIR.TAG" }.sorted()
    }
}

/// The pixel size of a thumbnail file as its decoder sees it (AVIF from its `ispe` box).
func imageSize(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (width: Int, height: Int) {
    if url.pathExtension == "avif" {
        let bytes = Array(try Data(contentsOf: url))
        let marker = Array("ispe".utf8)
        guard let at = (0..<(bytes.count - 16)).first(where: { Array(bytes[$0..<$0 + 4]) == marker }) else {
            XCTFail("no ispe box in \(url.lastPathComponent)", file: file, line: line)
            return (0, 0)
        }
        func u32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(at + 8), u32(at + 12))
    }
    let inspection = try ThumbnailFixtures.inspect(url)
    return (inspection.width, inspection.height)
}

/// The table preset's thumbnails (115x75, fit, 1x and 2x) of `source` in `format` (nil: the
/// automatic one), made in `space`'s cache; fails the test on any error.
func makeTableThumbnails(_ source: URL, _ format: ImageFormat?, in space: Workspace, stem: String) throws -> [URL] {
    let thumbnailer = try space.thumbnailer()
    let plan = try thumbnailer.plan(ThumbnailRequest(
        source: source, spec: ThumbnailSpec(width: 115, height: 75, mode: .fit, format: format), stem: stem))
    XCTAssertEqual(thumbnailer.make([plan]).errors, [])
    return plan.images.map(thumbnailer.cachedFile)
}
