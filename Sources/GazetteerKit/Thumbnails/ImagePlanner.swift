import Foundation
import Thumbnails

/// Plans thumbnails on demand while pages render (a template asking for `flag.table`
/// plans that thumbnail) and remembers every plan, so that exactly the thumbnails the
/// pages use are made afterwards, in parallel. Thread-safe: pages render concurrently.
final class ImagePlanner: @unchecked Sendable {
    let thumbnailer: Thumbnailer
    let presets: [String: ThumbnailSpec]

    private struct Key: Hashable { var file: URL; var preset: String; var stem: String }
    private let lock = NSLock()
    private var memo: [Key: Result<ThumbnailPlan, ThumbnailError>] = [:]
    private var failures: Set<Diagnostic> = []

    init(thumbnailer: Thumbnailer, presets: [String: ThumbnailSpec]) {
        self.thumbnailer = thumbnailer
        self.presets = presets
    }

    /// The plan for `image` made with `preset`, or nil when the preset is unknown or the
    /// picture is broken (then a diagnostic located where content named it is recorded).
    func plan(_ image: ImageSource, preset: String, stem: String) -> ThumbnailPlan? {
        guard let spec = presets[preset] else { return nil }
        let key = Key(file: image.file, preset: preset, stem: stem)
        lock.lock()
        let known = memo[key]
        lock.unlock()
        let result: Result<ThumbnailPlan, ThumbnailError>
        if let known {
            result = known
        } else {
            let request = ThumbnailRequest(source: image.file, spec: spec, stem: stem)
            do throws(ThumbnailError) {
                result = .success(try thumbnailer.plan(request))
            } catch {
                result = .failure(error)
            }
            lock.lock()
            memo[key] = result
            lock.unlock()
        }
        switch result {
        case .success(let plan):
            return plan
        case .failure(let error):
            lock.lock()
            failures.insert(Diagnostic("broken image \"\(image.written)\": \(error.message)", at: image.location))
            lock.unlock()
            return nil
        }
    }

    /// Every plan made so far, in a stable order.
    var plans: [ThumbnailPlan] {
        lock.lock()
        defer { lock.unlock() }
        return memo.values.compactMap { try? $0.get() }.sorted { $0.images[0].fileName < $1.images[0].fileName }
    }

    var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return failures.sorted()
    }
}
