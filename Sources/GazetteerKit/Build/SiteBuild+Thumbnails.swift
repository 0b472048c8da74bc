import Foundation
import Thumbnails
import Diagnostics
import Images
import Incremental
import Load
import Locking
import Write

extension SiteBuild {
    /// The thumbnails of this build: those new to the output made, those it no longer needs found.
    struct Thumbnails {
        var changes: ImageChanges
        /// The plans that make at least one thumbnail new to the output.
        var plans: [ThumbnailPlan]
        var report = ThumbnailBatchReport()
        /// Set when any thumbnail was made.
        var thumbnailer: Thumbnailer?
        /// The thumbnails new to the output linked into the staging folder so far.
        let linked = Locked<Set<String>>([])
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
            thumbnails.report = thumbnailer.make(thumbnails.plans, progress: onMade,
                                                 placed: linkAsPlaced(thumbnails, thumbnailer, staged: rendered.staged))
        }
        if !thumbnails.report.errors.isEmpty {
            throw DiagnosticList(thumbnails.report.errors.map { error in
                planner.located(error) { inputs.paths.siteRelative(URL(fileURLWithPath: $0)) }
            })
        }
        clock.lap("thumbnails")
        return thumbnails
    }

    /// What links each thumbnail new to the output into the staging folder as soon as it is in
    /// the cache, while the others are made: the writer's thread links them between the pages it
    /// still makes, instead of all 31,239 of a cold 10k build after the last one (0.65 s with
    /// the other core idle). nil for a build that writes no output.
    private func linkAsPlaced(_ thumbnails: Thumbnails, _ thumbnailer: Thumbnailer,
                              staged: StagedFiles) -> (@Sendable ([PlannedImage]) -> Void)? {
        guard let writer else { return nil }
        let (added, linked) = (thumbnails.changes.added, thumbnails.linked)
        if reuse.output != nil {
            // An update places its folders by how many files it makes (`SiteWriter.expect`).
            let names = Set(thumbnails.plans.flatMap { $0.images.map(\.fileName) }.filter(added.contains))
            writer.expect(files: names.count)
        }
        return { images in
            for image in images where added.contains(image.fileName) {
                guard linked.withLock({ $0.insert(image.fileName).inserted }) else { continue }
                let path = OutputPath.image(image.fileName)
                writer.link(path, from: thumbnailer.cachedFile(image))
                staged.add(path)
            }
        }
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
