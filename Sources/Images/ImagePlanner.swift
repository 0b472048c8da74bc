import Foundation
import Thumbnails
import Diagnostics
import Load
import Locking

/// Plans thumbnails on demand while pages render (a template asking for `flag.table`
/// plans that thumbnail) and remembers every plan, so that exactly the thumbnails the
/// pages use are made afterwards, in parallel. Thread-safe: pages render concurrently.
///
/// Planning reads and hashes the source; plans of earlier builds (from the build manifest)
/// are taken instead while the source file's stamp is unchanged, so an incremental build
/// reads no unchanged picture.
package final class ImagePlanner: Sendable {
    /// The preset images inside Markdown bodies use.
    package static let contentPreset = "content"

    package let presets: [String: ThumbnailSpec]

    /// Plans of one version of a source file, by spec and stem.
    package struct KnownSource: Sendable {
        package var stamp: FileStamp
        package var plans: [PlanKey: ThumbnailPlan]

        package init(stamp: FileStamp, plans: [PlanKey: ThumbnailPlan]) {
            self.stamp = stamp
            self.plans = plans
        }
    }

    package struct PlanKey: Hashable, Sendable {
        package var spec: ThumbnailSpec
        package var stem: String

        package init(spec: ThumbnailSpec, stem: String) {
            self.spec = spec
            self.stem = stem
        }
    }

    private struct Key: Hashable { var path: String; var preset: String; var stem: String }
    private struct State {
        var memo: [Key: Result<ThumbnailPlan, ThumbnailError>] = [:]
        var failures: Set<Diagnostic> = []
        /// Who named each source file, and how: errors about the file point there.
        var namedBy: [String: (written: String, location: SourceLocation)] = [:]
        /// Stamps taken in this build, once per path (nil: missing or not a regular file).
        var stamps: [String: FileStamp?] = [:]
        var made: Result<Thumbnailer, ThumbnailError>?
    }
    private let state = Locked(State())
    /// Plans of earlier builds by source path (from the manifest, decoded on demand).
    /// With a key, only that plan is asked for.
    private let known: @Sendable (String, PlanKey?) -> KnownSource?

    private let makeThumbnailer: @Sendable () throws(ThumbnailError) -> Thumbnailer
    /// Whether `known` may give a plan: false when no earlier build's plans are at hand.
    private let knowsEarlierPlans: Bool

    /// `thumbnailer` is called once, when a picture must be read: starting libvips takes
    /// longer than a build in which nothing changed. `known` gives an earlier build's plans;
    /// nil when there are none (a first build, or one after the cache was removed).
    package init(thumbnailer: @escaping @Sendable () throws(ThumbnailError) -> Thumbnailer, presets: [String: ThumbnailSpec],
         known: (@Sendable (String, PlanKey?) -> KnownSource?)? = nil) {
        makeThumbnailer = thumbnailer
        self.presets = presets
        self.known = known ?? { _, _ in nil }
        knowsEarlierPlans = known != nil
    }

    /// Reads, measures and hashes the pictures at `paths` across the cores, so that the pages
    /// rendered next find them inspected. Only when no earlier build's plans are at hand (a
    /// first build): then every picture must be read, and the files that show every entry (the
    /// collections), rendered first on several threads at once and each walking the entries in
    /// the same order, would otherwise often read and hash the same picture at the same time
    /// (about 1 s of a cold build's processor time at 10,000 pages). Errors are left for
    /// `plan`, which locates them.
    package func inspectFirst(_ paths: [String]) {
        guard !knowsEarlierPlans, paths.count > 1, let thumbnailer = try? thumbnailer() else { return }
        let unique = Array(Set(paths)).sorted()
        _ = Parallel.map(unique.count, chunk: 8) { n in
            thumbnailer.inspect(URL(fileURLWithPath: unique[n], isDirectory: false))
        }
    }

    /// The thumbnailer, started on first use.
    package func thumbnailer() throws(ThumbnailError) -> Thumbnailer {
        try state.withLock { state throws(ThumbnailError) -> Thumbnailer in
            if state.made == nil { state.made = Result { () throws(ThumbnailError) -> Thumbnailer in try makeThumbnailer() } }
            return try state.made!.get()
        }
    }

    /// Stamps taken earlier in this build (by the check of the previous build's watch).
    package func prefill(_ known: [String: FileStamp]) {
        state.withLock { state in
            for (path, stamp) in known { state.stamps[path] = stamp }
        }
    }

    /// The stamps taken so far (nil value: the file is missing), to look many up without
    /// taking the lock for each.
    package var stampsTaken: [String: FileStamp?] {
        state.withLock { $0.stamps }
    }

    /// The stamp of the file at `path`, taken once per build.
    package func stamp(of path: String) -> FileStamp? {
        if let stamp = state.withLock({ $0.stamps[path] }) { return stamp }
        let stamp = FileStamp.of(path)
        state.withLock { $0.stamps[path] = stamp }
        return stamp
    }

    /// The stamp of the file at `path` as this build took it, or as it is now when the build
    /// has not taken it yet (then it is not recorded).
    package func stampTaken(of path: String) -> FileStamp? {
        state.withLock { $0.stamps[path] } ?? FileStamp.of(path)
    }

    /// Whether the file at `path` is the version an earlier build planned.
    package func isUnchanged(_ path: String) -> Bool {
        guard let record = known(path, nil), let stamp = stamp(of: path) else { return false }
        return record.stamp == stamp
    }

    /// The plan for `image` made with `preset`, or nil when the preset is unknown or the
    /// picture is broken (then a diagnostic located where content named it is recorded).
    package func plan(_ image: ImageSource, preset: String, stem: String) -> ThumbnailPlan? {
        guard let spec = presets[preset] else { return nil }
        let key = Key(path: image.path, preset: preset, stem: stem)
        let memoized = state.withLock { state in
            if let earlier = state.namedBy[image.path] {
                if image.location < earlier.location { state.namedBy[image.path] = (image.written, image.location) }
            } else {
                state.namedBy[image.path] = (image.written, image.location)
            }
            return state.memo[key]
        }
        let result: Result<ThumbnailPlan, ThumbnailError>
        if let memoized {
            result = memoized
        } else {
            let path = image.path
            let planKey = PlanKey(spec: spec, stem: stem)
            let stamp = self.stamp(of: path)
            if let stamp, let record = known(path, planKey), record.stamp == stamp, let plan = record.plans[planKey] {
                result = .success(plan)
            } else {
                let request = ThumbnailRequest(source: image.file, spec: spec, stem: stem)
                do throws(ThumbnailError) {
                    result = .success(try thumbnailer().plan(request))
                } catch {
                    result = .failure(error)
                }
            }
            state.withLock { $0.memo[key] = result }
        }
        switch result {
        case .success(let plan):
            return plan
        case .failure(let error):
            let failure = Diagnostic("image \"\(image.written)\" \(ImageProblem.plain(error.message))", at: image.location)
            state.withLock { _ = $0.failures.insert(failure) }
            return nil
        }
    }

    /// The plan for `image` with `preset` when one is at hand without reading the picture: made
    /// in this build already, or an earlier build's for the same version of the file. Nothing is
    /// recorded (no plan, no stamp, no failure): a caller outside the build (edit mode's picker)
    /// may ask before the pages are rendered without changing which thumbnails the build makes.
    package func knownPlan(_ image: ImageSource, preset: String, stem: String) -> ThumbnailPlan? {
        guard let spec = presets[preset] else { return nil }
        let key = Key(path: image.path, preset: preset, stem: stem)
        if let memoized = state.withLock({ $0.memo[key] }) { return try? memoized.get() }
        let planKey = PlanKey(spec: spec, stem: stem)
        guard let stamp = stampTaken(of: image.path), let record = known(image.path, planKey), record.stamp == stamp else {
            return nil
        }
        return record.plans[planKey]
    }

    /// Every plan made so far, in a stable order.
    package var plans: [ThumbnailPlan] {
        let memo = state.withLock { $0.memo }
        return memo.values.compactMap { try? $0.get() }.sorted { $0.images[0].fileName < $1.images[0].fileName }
    }

    /// An error of making thumbnails, located where content named the picture (its front
    /// matter value or Markdown image) and in plain words.
    package func located(_ error: ThumbnailError, siteRelative: (String) -> String) -> Diagnostic {
        let naming = state.withLock { $0.namedBy[error.path] }
        if error.isStorage || naming == nil {
            return Diagnostic(error.message, at: SourceLocation(path: siteRelative(error.path)))
        }
        return Diagnostic("image \"\(naming!.written)\" \(ImageProblem.plain(error.message))", at: naming!.location)
    }

    package var diagnostics: [Diagnostic] {
        state.withLock { $0.failures.sorted() }
    }

    /// What to remember for the next build about the source at each of `paths` (the pictures
    /// content still names) and at every path planned in this build: nothing (a file that is
    /// gone or changed and was not planned), the record of an earlier build (`nil` value:
    /// unchanged, to be copied), or a new record.
    package func sources(keeping paths: Set<String>, earlierStamp: @Sendable (String) -> FileStamp?) -> [String: KnownSource?] {
        let (memo, stamps) = state.withLock { ($0.memo, $0.stamps) }
        // The plans of this build by source, with the stamp taken before planning.
        var current: [String: KnownSource] = [:]
        for (key, planned) in memo {
            guard case .success(let plan) = planned, let spec = presets[key.preset], let stamp = stamps[key.path] ?? nil else {
                continue
            }
            current[key.path, default: KnownSource(stamp: stamp, plans: [:])].plans[PlanKey(spec: spec, stem: key.stem)] = plan
        }
        // Each source compared with the last build's plans of it (decoded from the manifest:
        // after a template edit, every picture's), across the cores.
        let all = Array(paths.union(current.keys))
        let (known, planned) = (self.known, current)
        let parts = Parallel.parts(all.count, parts: 8) { range -> [(String, KnownSource?)] in
            var result: [(String, KnownSource?)] = []
            for path in all[range] {
                let stamp = planned[path]?.stamp ?? (stamps[path] ?? FileStamp.of(path))
                guard let stamp else { continue }
                let unchanged = earlierStamp(path) == stamp
                guard let record = planned[path] else {
                    if unchanged { result.append((path, nil)) }
                    continue
                }
                if unchanged, let old = known(path, nil) {
                    if record.plans.keys.allSatisfy({ old.plans[$0] != nil }) {
                        result.append((path, nil))
                    } else {
                        result.append((path, KnownSource(stamp: stamp, plans: old.plans.merging(record.plans) { $1 })))
                    }
                } else {
                    result.append((path, record))
                }
            }
            return result
        }
        var result: [String: KnownSource?] = [:]
        result.reserveCapacity(all.count)
        for part in parts { for (path, source) in part { result[path] = .some(source) } }
        return result
    }
}
