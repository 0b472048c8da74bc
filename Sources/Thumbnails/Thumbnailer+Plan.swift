import Foundation
import Hashing

extension Thumbnailer {
    /// The exact outputs `make` will produce for `request`: sizes and file names. Cheap: reads the
    /// source's header, not its pixels, and hashes its bytes (once per version of the file).
    public func plan(_ request: ThumbnailRequest) throws(ThumbnailError) -> ThumbnailPlan {
        let path = request.source.path
        func fail(_ message: String) -> ThumbnailError { ThumbnailError(path: path, message: message) }
        let spec = request.spec
        if let problem = CacheName.problem(withStem: request.stem) { throw fail(problem) }
        guard spec.width >= 1, spec.height >= 1 else {
            throw fail("the thumbnail box \(spec.width)x\(spec.height) must be at least 1x1")
        }
        guard !spec.scales.isEmpty, spec.scales.allSatisfy({ (1...8).contains($0) }) else {
            throw fail("the scales \(spec.scales) must be whole numbers from 1 to 8")
        }
        if spec.format == .svg { throw fail("SVG is only a source format; thumbnails are PNG, JPEG, WebP or AVIF") }
        let biggestBox = PixelSize(width: min(spec.width, 1 << 24), height: min(spec.height, 1 << 24))
            .scaled(by: spec.scales.max()!)
        if biggestBox.pixels > limits.maxPixels {
            throw fail("the thumbnail box \(biggestBox) is over the limit of \(megapixels(limits.maxPixels))")
        }

        let source = try sourceInfo(request.source)
        let (sizes, limited) = ThumbnailGeometry.plan(source: source.size, spec: spec, vector: source.format.isVector)
        let largest = sizes.last!.size
        let resampled = ThumbnailGeometry.resampled(source: source.size, output: largest, mode: spec.mode)
        if resampled.pixels > limits.maxPixels {
            throw fail("the \(source.size) picture would have to be resampled to \(resampled) to fill the box, "
                + "over the limit of \(megapixels(limits.maxPixels))")
        }
        if source.format == .svg {
            let scale = max(
                Double(resampled.width) / Double(source.size.width), Double(resampled.height) / Double(source.size.height))
            do { try Vips.checkSVGScale(scale, source: source.size) } catch { throw fail(error.message) }
        }

        let format = spec.format ?? source.output
        let images = sizes.map { scale, size in
            PlannedImage(
                scale: scale,
                fileName: CacheName.fileName(
                    stem: request.stem, sourceDigest: source.digest, source: source.format, spec: spec, scale: scale,
                    size: size, format: format),
                width: size.width, height: size.height)
        }
        return ThumbnailPlan(
            request: request, sourceWidth: source.size.width, sourceHeight: source.size.height, images: images,
            limitedBySource: limited, sourceDigest: source.digest)
    }

    /// Reads, measures and hashes the picture at `url` into the memo, unless it is there
    /// already: `plan` of it is then a lookup. A broken file is left for `plan` to report.
    public func inspect(_ url: URL) { _ = try? sourceInfo(url) }

    /// Format, displayed size and digest of the file at `url`, from the memo when the file is unchanged.
    func sourceInfo(_ url: URL) throws(ThumbnailError) -> SourceInfo {
        var known: SourceInfo?
        let file = try SourceFile.load(url, limits: limits) { stamp in
            known = sources.withLock { $0[stamp.path] }.flatMap { $0.stamp == stamp ? $0.info : nil }
            return known != nil
        }
        if let known { return known }
        let info = try inspect(file.bytes ?? [], path: url.path)
        sources.withLock { $0[file.stamp.path] = (file.stamp, info) }
        return info
    }

    /// Identifies, measures (header only) and hashes a source.
    func inspect(_ bytes: [UInt8], path: String) throws(ThumbnailError) -> SourceInfo {
        let format = try identify(bytes, path: path)
        if format == .svg, Self.startTagCount(bytes, over: limits.maxSVGElements) {
            throw ThumbnailError(path: path, message: "the SVG has over \(Self.grouped(limits.maxSVGElements)) elements, "
                                 + "the limit; it was not rendered")
        }
        let header: Vips.Header
        do {
            header = try Vips.header(of: bytes, format: format)
        } catch {
            throw ThumbnailError(path: path, message: error.message)
        }
        if header.size.width < 1 || header.size.height < 1 {
            throw ThumbnailError(path: path, message: "the image has no pixels (\(header.size))")
        }
        if format != .svg && header.size.pixels > limits.maxPixels {
            throw ThumbnailError(
                path: path,
                message: "the image is \(header.size) (\(megapixels(header.size.pixels))), "
                    + "over the limit of \(megapixels(limits.maxPixels)); it was not decoded")
        }
        let output = format.automaticOutput(
            hasAlpha: header.hasAlpha, isPalette: header.isPalette, pixels: header.size.pixels, bands: header.bands,
            byteCount: bytes.count)
        return SourceInfo(format: format, size: header.orientedSize, digest: ContentHash.sha256Hex(bytes), output: output)
    }

    /// `100000` as `100,000`.
    private static func grouped(_ number: Int) -> String {
        var text = ""
        for (index, digit) in String(number).reversed().enumerated() {
            if index > 0 && index % 3 == 0 { text.insert(",", at: text.startIndex) }
            text.insert(digit, at: text.startIndex)
        }
        return text
    }

    /// Whether the XML has more than `limit` start tags (`<` then a name), stopping there.
    private static func startTagCount(_ bytes: [UInt8], over limit: Int) -> Bool {
        var count = 0
        var index = 0
        let end = bytes.count - 1
        while index < end {
            if bytes[index] == UInt8(ascii: "<") {
                let next = bytes[index + 1] | 0x20  // lower case for letters
                if (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || bytes[index + 1] == UInt8(ascii: "_") {
                    count += 1
                    if count > limit { return true }
                }
            }
            index += 1
        }
        return false
    }

    func identify(_ bytes: [UInt8], path: String) throws(ThumbnailError) -> SourceFormat {
        switch SourceFormat.identify(name: path, bytes: bytes) {
        case .success(let format): return format
        case .failure(let refusal): throw ThumbnailError(path: path, message: refusal.message)
        }
    }

    private func megapixels(_ pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) megapixels" : String(format: "%.2g megapixels", value)
    }
}
