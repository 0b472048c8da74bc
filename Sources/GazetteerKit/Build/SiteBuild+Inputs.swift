import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Images
import Model
import Incremental

extension SiteBuild {
    /// The inputs of this build: the site folder listed, the settings and theme read, the
    /// image planner, and the check the rebuild plan is made from.
    struct Inputs {
        var scan: SiteLoader.Scan
        var config: SiteConfig
        /// The settings' problems.
        var diagnostics: [Diagnostic]
        var engine: String
        var global: String
        var planner: ImagePlanner
        var paths: ContentPath
        var context: ContentEntry.SourceContext
        /// The last manifest when its thumbnail plans can be used (same engine).
        var knownPlans: ManifestArchive?
        /// What `RebuildPlan.make` and `keeps` decide from.
        var plan: RebuildPlan.Check
        /// Whether drafts are built (`BuildOptions.drafts`).
        var drafts = false
    }

    /// Load: lists the content files, reads the settings and the theme.
    static func inputs(_ options: BuildOptions, last: LastBuild, clock: inout BuildClock) throws(DiagnosticList) -> Inputs {
        let archive = last.archive, check = last.check
        let scan = try SiteLoader.scan(root: options.source, cacheDirectory: options.cache, prior: check)
        clock.lap("load.scan")
        var diagnostics: [Diagnostic] = []
        var config = SiteConfig()
        if let file = scan.configFile {
            do throws(DiagnosticList) {
                config = try SiteConfig.parse(YAMLParser.parse(file.text, path: file.path))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        let engine = engineKey()
        let global = globalKey(scan, engine: engine)
        // The translations' problems come of the files' names and the settings alone: with the
        // same names and settings as the last build, none (it had none: a build with a problem
        // leaves the last manifest as it was).
        if !(scan.listedBefore && archive?.globalKey == global) {
            diagnostics += Translations.problems(scan.content, config: config)
        }
        clock.lap("load.manifest")

        let limits = { var limits = Limits(); limits.maxPixels = config.maxImagePixels; return limits }()
        let imageCache = options.cache.appending(path: "images")
        let knownPlans = RebuildPlan.knowsPlans(previousEngineKey: archive?.engineKey, engineKey: engine) ? archive : nil
        var known: (@Sendable (String, ImagePlanner.PlanKey?) -> ImagePlanner.KnownSource?)?
        if let knownPlans { known = { knownPlans.source($0, only: $1) } }
        let planner = ImagePlanner(
            thumbnailer: { () throws(ThumbnailError) in try Thumbnailer(cacheDirectory: imageCache, limits: limits) },
            presets: config.presets, known: known)
        // Pictures' stamps, taken by the check (the content files' went to the scan).
        if let check {
            let contentFolders = Set([ContentKind.country, .city, .page].map { scan.root.path + "/" + $0.folder })
            planner.prefill(check.fileStamps(skipping: contentFolders))
        }
        let paths = ContentPath(root: scan.root)
        let context = ContentEntry.SourceContext(
            config: config, paths: paths, theme: scan.theme, files: ContentFiles(scan),
            countrySlugs: Set(scan.content.filter { $0.kind == .country }.map(\.slug)), planner: planner)
        let plan = RebuildPlan.Check(
            engineKey: engine, globalKey: global,
            outputAsLeft: options.writeOutput && archive?.output.matches(options.output) == true,
            files: scan.content, listedBefore: scan.listedBefore, filesGone: check?.filesGone != false,
            pictureExists: { planner.stamp(of: $0) != nil }, pictureUnchanged: { planner.isUnchanged($0) })
        return Inputs(scan: scan, config: config, diagnostics: diagnostics, engine: engine, global: global, planner: planner,
                      paths: paths, context: context, knownPlans: knownPlans, plan: plan, drafts: options.drafts)
    }
}
