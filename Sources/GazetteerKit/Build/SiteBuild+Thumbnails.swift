import Foundation
import Thumbnails
import Diagnostics
import Images
import Incremental

extension SiteBuild {
    /// The thumbnails of this build: those new to the output made, those it no longer needs found.
    struct Thumbnails {
        var changes: ImageChanges
        /// The plans that make at least one thumbnail new to the output.
        var plans: [ThumbnailPlan]
        var report = ThumbnailBatchReport()
        /// Set when any thumbnail was made.
        var thumbnailer: Thumbnailer?
    }

    mutating func makeThumbnails(_ content: Content, _ rendered: RenderOutcome) throws(DiagnosticList) -> Thumbnails {
        let (planner, inputs) = (inputs.planner, inputs)
        let changes = ImageChanges(
            previousOutput: reuse.output, outputEntries: reuse.stampedEntries, entries: content.entries,
            processed: content.processed, pages: rendered.paths, renderedImages: rendered.images, output: options.output,
            nothingDeleted: !plan.lookForRemoved)
        var thumbnails = Thumbnails(
            changes: changes, plans: planner.plans.filter { plan in plan.images.contains { changes.added.contains($0.fileName) } })
        if !thumbnails.plans.isEmpty {
            let thumbnailer: Thumbnailer
            do throws(ThumbnailError) {
                thumbnailer = try planner.thumbnailer()
            } catch {
                throw DiagnosticList([Diagnostic(error.message, at: SourceLocation(path: error.path))])
            }
            var onMade: (@Sendable (Int, Int) -> Void)?
            if let progress = options.progress { onMade = { done, total in progress.update("thumbnails", done, total) } }
            thumbnails.thumbnailer = thumbnailer
            thumbnails.report = thumbnailer.make(thumbnails.plans, progress: onMade)
        }
        if !thumbnails.report.errors.isEmpty {
            throw DiagnosticList(thumbnails.report.errors.map { error in
                planner.located(error) { inputs.paths.siteRelative(URL(fileURLWithPath: $0)) }
            })
        }
        clock.lap("thumbnails")
        return thumbnails
    }

    /// The problems of decoding the pictures planned so far (made into the cache, so a later
    /// build reuses them), located where content named each picture: for a build that failed
    /// before its thumbnails were made.
    func pictureProblems() -> [Diagnostic] {
        let inputs = inputs
        let planner = inputs.planner
        let plans = planner.plans
        guard !plans.isEmpty, let thumbnailer = try? planner.thumbnailer() else { return [] }
        return thumbnailer.make(plans).errors.map { error in
            planner.located(error) { inputs.paths.siteRelative(URL(fileURLWithPath: $0)) }
        }
    }
}
