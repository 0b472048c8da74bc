import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

extension Thumbnailer {
    /// One source file and what to make of it: the plans naming it, each with the images
    /// not already in the cache.
    private struct Job {
        var path: String
        var plans: [(plan: ThumbnailPlan, missing: [PlannedImage])]
    }

    /// Makes every planned image not already in the cache, many sources at once across the
    /// cores (one thread each). Each source is read once for all its plans and decoded once for
    /// all the plans that load it alike (a plain JPEG photo once for all of them; a picture over
    /// 4 million pixels once per plan). Each file is written under a temporary name and renamed
    /// into place when complete. `progress`, if given, hears (sources done, sources to make) as
    /// jobs finish, from any thread. `placed`, if given, hears the images of each plan as soon
    /// as they are all in the cache (those found there at once, and the others as their
    /// source's job finishes), from any thread: a build links them into its output meanwhile.
    public func make(_ plans: [ThumbnailPlan],
                     progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                     placed: (@Sendable (_ images: [PlannedImage]) -> Void)? = nil) -> ThumbnailBatchReport {
        var report = ThumbnailBatchReport()
        var jobs: [Job] = []
        var jobIndex: [String: Int] = [:]
        var claimed: Set<String> = []
        // Images another plan makes (a picture shared by entries) are placed with its job.
        var cachedAlready: [PlannedImage] = []
        for plan in plans {
            var missing: [PlannedImage] = []
            for image in plan.images {
                if !claimed.insert(image.fileName).inserted {
                    report.reused += 1
                } else if CacheName.looksWhole(cachedFile(image).path) {
                    report.reused += 1
                    cachedAlready.append(image)
                } else {
                    missing.append(image)
                }
            }
            guard !missing.isEmpty else { continue }
            let path = plan.request.source.path
            if let index = jobIndex[path] {
                jobs[index].plans.append((plan, missing))
            } else {
                jobIndex[path] = jobs.count
                jobs.append(Job(path: path, plans: [(plan, missing)]))
            }
        }

        if let placed, !cachedAlready.isEmpty { placed(cachedAlready) }
        // Hand back what the caller freed before (a site build's pages): libvips' start-up set
        // glibc to keep freed memory, which would otherwise add to the peak from here on.
        Vips.releaseFreeMemory()
        // Largest sources first (their bytes, as planned: decoding and rendering grow with them),
        // so that the last jobs running are short ones and no core idles at the end waiting on
        // one big picture (Debian's Serbian and Dominican flags are 880 and 660 KB of SVG, each
        // about twenty times the work of a plain one).
        let sizes = sources.withLock { known in jobs.map { known[$0.path]?.stamp.size ?? 0 } }
        let order = jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let finished = Locked(0)
        let work = jobs
        let made = Parallel.map(work.count) { index in
            let job = work[order[index]]
            let outcome = Result { () throws(ThumbnailError) -> Int in try self.run(job) }
            if let placed, case .success = outcome { placed(job.plans.flatMap(\.missing)) }
            if let progress { progress(finished.withLock { $0 += 1; return $0 }, work.count) }
            return outcome
        }
        // Outcomes in plan order (errors are reported in it).
        var outcomes = [Result<Int, ThumbnailError>?](repeating: nil, count: work.count)
        for (index, outcome) in made.enumerated() { outcomes[order[index]] = outcome }
        var storage: [ThumbnailError] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let made)?: report.made += made
            case .failure(let error)? where error.isStorage: storage.append(error)
            case .failure(let error)?: report.errors.append(error)
            case nil: break
            }
        }
        // A full disk fails every job after it: one error says it, not one per picture.
        if var first = storage.sorted(by: { $0.path < $1.path }).first {
            if storage.count > 1 { first.message += " (and \(storage.count - 1) more thumbnails)" }
            report.errors.append(first)
        }
        return report
    }

    /// Reads the source of `job` once and writes the missing images of all its plans: by the
    /// direct path when the source is a plain JPEG, else through libvips (`Vips.render`).
    private func run(_ job: Job) throws(ThumbnailError) -> Int {
        let path = job.path
        let first = job.plans[0].plan
        let file = try SourceFile.load(first.request.source, limits: limits)
        let bytes = file.bytes ?? []
        let known = sources.withLock { $0[path] }.flatMap { $0.stamp == file.stamp ? $0.info : nil }
        // Plans read back from a caller's records: measure the file again (its header only).
        let info: SourceInfo
        if let known { info = known } else { info = try inspect(bytes, path: path) }
        guard job.plans.allSatisfy({ $0.plan.sourceDigest == info.digest }) else {
            throw ThumbnailError(path: path, message: "the file changed after its thumbnails were planned; build again")
        }
        let sourceFormat = info.format

        var recipes: [Vips.Recipe] = []
        var finals: [(temporary: String, final: String, name: String)] = []
        for (plan, missing) in job.plans {
            let format = plan.request.spec.format ?? info.output
            let largest = plan.images.last!
            let outputs = missing.map { image in
                Vips.Output(
                    size: PixelSize(width: image.width, height: image.height), format: format,
                    path: cacheDirectory.appending(path: CacheName.temporary(for: image.fileName)).path)
            }
            for (output, image) in zip(outputs, missing) {
                finals.append((output.path, cachedFile(image).path, image.fileName))
            }
            recipes.append(Vips.Recipe(
                format: sourceFormat, source: PixelSize(width: plan.sourceWidth, height: plan.sourceHeight),
                mode: plan.request.spec.mode, largest: PixelSize(width: largest.width, height: largest.height),
                outputs: outputs))
        }
        // Temporaries not renamed into place (a failure on the way) are removed; the others are
        // gone already (a cold build of 249 flags spared 1,494 failing unlinks).
        var placed = 0
        defer { for output in finals.dropFirst(placed) { unlink(output.temporary) } }
        if !Vips.renderDirect(bytes, recipes) && !Vips.renderDrawing(bytes, recipes) {
            do {
                try Vips.render(bytes, recipes)
            } catch {
                if let storage = Self.storageFailure(error.message, finals: finals) { throw storage }
                throw ThumbnailError(path: path, message: error.message)
            }
        }
        for output in finals {
            if rename(output.temporary, output.final) != 0 {
                let reason = String(cString: strerror(errno)).lowercased()
                throw ThumbnailError(path: output.final, message: "\(reason) while writing \(output.final)", isStorage: true)
            }
            placed += 1
        }
        return finals.count
    }

    /// The error of a job that failed because the cache could not be written (a full disk, a
    /// read-only or forbidden folder), in plain words and naming the file; nil for others.
    private static func storageFailure(
        _ message: String, finals: [(temporary: String, final: String, name: String)]
    ) -> ThumbnailError? {
        let reasons = ["No space left on device", "Read-only file system", "Permission denied", "Disk quota exceeded"]
        guard let reason = reasons.first(where: message.contains) else { return nil }
        let file = finals.first { message.contains($0.temporary) }?.final ?? finals.first?.final ?? ""
        return ThumbnailError(path: file, message: "\(reason.lowercased()) while writing \(file)", isStorage: true)
    }
}
