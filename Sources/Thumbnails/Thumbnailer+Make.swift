import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Thumbnailer {
    /// Makes every planned image not already in the cache, many sources at once across the
    /// cores (one libvips thread each). Each source is decoded once for all its scales. Each
    /// file is written under a temporary name and renamed into place when complete.
    /// `progress`, if given, hears (sources done, sources to make) as jobs finish, from any thread.
    public func make(_ plans: [ThumbnailPlan],
                     progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> ThumbnailBatchReport {
        var report = ThumbnailBatchReport()
        var jobs: [(plan: ThumbnailPlan, missing: [PlannedImage])] = []
        var claimed: Set<String> = []
        for plan in plans {
            var missing: [PlannedImage] = []
            for image in plan.images {
                if !claimed.insert(image.fileName).inserted || FileManager.default.fileExists(atPath: cachedFile(image).path) {
                    report.reused += 1
                } else {
                    missing.append(image)
                }
            }
            if !missing.isEmpty { jobs.append((plan, missing)) }
        }

        let outcomes = Locked([Result<Int, ThumbnailError>?](repeating: nil, count: jobs.count))
        let finished = Locked(0)
        let work = jobs
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let job = work[index]
            let outcome = Result { () throws(ThumbnailError) -> Int in try self.run(job.plan, making: job.missing) }
            outcomes.withLock { $0[index] = outcome }
            if let progress { progress(finished.withLock { $0 += 1; return $0 }, work.count) }
        }
        for outcome in outcomes.withLock({ $0 }) {
            switch outcome {
            case .success(let made)?: report.made += made
            case .failure(let error)?: report.errors.append(error)
            case nil: break
            }
        }
        return report
    }

    /// Decodes the source of `plan` once and writes `missing` (some of its images).
    private func run(_ plan: ThumbnailPlan, making missing: [PlannedImage]) throws(ThumbnailError) -> Int {
        let path = plan.request.source.path
        let file = try SourceFile.load(plan.request.source, limits: limits)
        let bytes = file.bytes ?? []
        let known = sources.withLock { $0[path] }.flatMap { $0.stamp == file.stamp ? $0.info : nil }
        let digest = known?.digest ?? ContentHash.sha256Hex(bytes)
        guard digest == plan.sourceDigest else {
            throw ThumbnailError(path: path, message: "the file changed after its thumbnails were planned; build again")
        }
        let sourceFormat: SourceFormat
        if let known { sourceFormat = known.format } else { sourceFormat = try identify(bytes, path: path) }
        let format = plan.request.spec.format ?? sourceFormat.defaultOutput
        let largest = plan.images.last!
        let outputs = missing.map { image in
            Vips.Output(
                size: PixelSize(width: image.width, height: image.height), format: format,
                path: cacheDirectory.appending(path: CacheName.temporary(for: image.fileName)).path)
        }
        let recipe = Vips.Recipe(
            format: sourceFormat, source: PixelSize(width: plan.sourceWidth, height: plan.sourceHeight),
            mode: plan.request.spec.mode, largest: PixelSize(width: largest.width, height: largest.height),
            outputs: outputs)
        defer { for output in outputs { unlink(output.path) } }
        do {
            try Vips.render(bytes, recipe)
        } catch {
            throw ThumbnailError(path: path, message: error.message)
        }
        for (output, image) in zip(outputs, missing) where rename(output.path, cachedFile(image).path) != 0 {
            throw ThumbnailError(
                path: path, message: "cannot move \(image.fileName) into the cache: \(String(cString: strerror(errno)))")
        }
        return missing.count
    }
}
