import Foundation
import Incremental
import Load

extension SiteBuild {
    /// The previous build, as far as this one can use it: its manifest (nil when there is
    /// none or it is unusable, with a note saying so), and the check of what it read.
    struct LastBuild {
        var archive: ManifestArchive?
        /// One line for the summary when the manifest could not be used.
        var note: String?
        /// The inputs the last build read, stat'ed again (nil: not checked).
        var check: InputWatch.Check?
        /// The last build's watch, when nothing it read has changed: nothing to do.
        var unchanged: InputWatch?
        /// Its entries, decoded while the site folder is listed (most builds need them).
        var decoding: Background<StampedEntries>?

        /// Its entries (empty when there is no manifest).
        var entries: StampedEntries { decoding?.value ?? [:] }

        /// Starts decoding the entries, on another thread. Their bytes go once they are decoded
        /// (their records are copied from the file).
        mutating func decodeEntries() {
            guard decoding == nil else { return }
            decoding = archive.map { archive in
                Background {
                    let entries = archive.entries() ?? [:]
                    archive.releaseEntryBytes()
                    return entries
                }
            }
        }

        /// What `RebuildPlan.make` needs of it.
        var previous: RebuildPlan.Previous? {
            archive.map { RebuildPlan.Previous(engineKey: $0.engineKey, globalKey: $0.globalKey, entries: entries) }
        }

        /// The manifest as far as `plan` lets this build use it.
        func reused(by plan: RebuildPlan) -> Reuse {
            let uses = Reuse.Uses(output: plan.output == .update, entries: plan.reusesEntries, pageKeys: plan.comparePageKeys)
            return Reuse(archive: archive, uses: uses,
                         stampedEntries: archive != nil && (uses.output || uses.entries) ? self.entries : [:],
                         changedFiles: check?.changedFiles(), recorded: self.entries)
        }
    }

    /// The previous manifest, as the rebuild plan lets this build use it.
    struct Reuse {
        /// The last manifest, whatever this build may use of it.
        var archive: ManifestArchive?
        /// What the plan lets this build take from it.
        struct Uses {
            /// The output is updated in place: what it holds (pages, assets, thumbnails).
            var output: Bool
            /// The entries' records, and the pages' keys and dependencies.
            var entries: Bool
            /// The last keys, compared (both the output and the entries reused).
            var pageKeys: Bool
        }
        var uses: Uses
        /// When the output is updated in place: the manifest that says what it holds.
        var output: ManifestArchive? { uses.output ? archive : nil }
        /// When entries are reused: the manifest holding their records.
        var entries: ManifestArchive? { uses.entries ? archive : nil }
        /// When page keys are compared: the manifest holding the last keys.
        var pageKeys: ManifestArchive? { uses.pageKeys ? archive : nil }
        /// The last build's entries, when the output or the entries are reused.
        var stampedEntries: StampedEntries
        /// The files the last build read that changed since (nil: not known).
        var changedFiles: Set<String>?
        /// Every entry of the last manifest, however little of it is reused: when each file
        /// first appeared in the build record (`ContentEntry.firstSeen`) is kept from it.
        var recorded: StampedEntries = [:]
    }

    /// Reads the previous manifest and checks what it read; stops there when nothing changed.
    static func lastBuild(_ options: BuildOptions, clock: inout BuildClock) -> LastBuild {
        var last = LastBuild()
        func unusable(_ why: String) {
            last.note = "The build manifest (\(BuildManifest.url(in: options.cache).path)) is \(why): building everything."
        }
        let found = ManifestArchive.read(from: options.cache, memory: options.partMemory)
        if case .unusable(let why) = found { unusable(why) }
        last.archive = found.archive
        clock.lap("load.read")
        // The watch holds the executable that made the output: another one (an upgrade
        // installed elsewhere) must not find "nothing changed" because the old one still is.
        if options.writeOutput, let watch = last.archive?.watch, watch.output == options.output.path, watch.drafts == options.drafts,
           watch.source == options.source.resolvingSymlinksInPath().standardizedFileURL.path,
           watch.watches(FileStamp.executablePath ?? "/") {
            let result = watch.check(hint: options.changes)
            // Edit mode needs a model: its first build goes on to make one even then.
            if result.unchanged, options.editBasis == nil || options.editBasis?.current != nil {
                clock.lap("load.watch")
                last.unchanged = watch
                return last
            }
            last.check = result
        }
        clock.lap("load.watch")
        // A build that only copies files of static/ again (`RebuildPlan.copiesOnly`) needs no
        // entries, pages or dependency table: they are read when it turns out to need them.
        if let why = last.archive?.loadProblem(only: [.sources]) {
            last.archive = nil
            unusable(why)
        }
        if Self.copiesOnly(last, options) == nil {
            if let why = last.archive?.loadProblem() {
                last.archive = nil
                unusable(why)
            }
            // The dependency table, for the comparison of page keys (or to be copied).
            if let archive = last.archive { _ = Background { archive.dependencyTable.count } }
            last.decodeEntries()
        }
        clock.lap("load.index")
        return last
    }
}
