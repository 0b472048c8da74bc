import Foundation
import Diagnostics
import Load
import Model
import Render
import Incremental

extension SiteBuild {
    /// Every content file's entry, parsed or reused, and the problems found so far.
    struct Content {
        /// In the order of the scan.
        var entries: [ContentEntry]
        /// The entries reused from the last manifest, by path, with their records' bytes in it;
        /// the others are `processed`'s.
        var copied: [String: Range<Int>]
        var processed: ContentWork.Outcome
        var bodies: BodyStore
        /// The settings', the duplicates' and the content files' problems.
        var diagnostics: [Diagnostic]
        /// Every folder under content/, as listed for the warnings (absolute paths), and the
        /// fingerprint of the files used (see `ContentWarnings.fingerprint`).
        var contentFolders: [String] = []
        var warningsFingerprint: UInt64 = 0
        /// The entries' own warnings (see `ContentEntry.warnings`); with --strict, among the
        /// diagnostics instead.
        var entryWarnings: [Diagnostic] = []
        /// The entries left out because they are drafts (`draft: true`), in the order of the
        /// scan; not in `entries`, nor in `processed` (a draft is read again each build).
        var drafts: [ContentEntry] = []
    }

    /// Front matter, Markdown and fields, for the files the plan names, across the cores;
    /// the other entries are the last build's.
    static func parse(_ plan: RebuildPlan, _ inputs: Inputs, _ reuse: Reuse, clock: inout BuildClock) -> Content {
        let scan = inputs.scan
        var diagnostics = inputs.diagnostics + plan.duplicates
        clock.lap("parse.plan")
        var processed = ContentWork.process(plan.parse, context: inputs.context, root: scan.root)
        diagnostics += processed.diagnostics
        clock.add("parse", processed.parseShare)
        clock.add("markdown", processed.markdownShare)
        let previous = reuse.entries, archiveEntries = reuse.stampedEntries
        var entries: [ContentEntry] = []
        var copied: [String: Range<Int>] = [:]
        entries.reserveCapacity(scan.content.count)
        for file in scan.content {
            if plan.reuse.contains(file.path), let reused = archiveEntries[file.path], let range = previous?.entryRanges[file.path] {
                entries.append(reused.entry)
                copied[file.path] = range
            } else if let fresh = processed.entries[file.path] {
                entries.append(fresh.entry)
            }
        }
        var drafts: [ContentEntry] = []
        if !inputs.drafts, entries.contains(where: \.draft) {
            drafts = entries.filter(\.draft)
            entries.removeAll(where: \.draft)
            for draft in drafts {
                processed.entries[draft.path] = nil
                processed.texts[draft.path] = nil
                copied[draft.path] = nil
            }
            diagnostics += Drafts.linkProblems(entries, drafts: drafts, paths: inputs.paths, options: inputs.config.markdown)
        }
        if !processed.unknownCountries.isEmpty {
            let names = CountryNames(slugs: inputs.context.countrySlugs, entries: entries)
            diagnostics += processed.unknownCountries.map { $0.diagnostic(names) }
        }
        let finished = processed
        let bodies = BodyStore(context: inputs.context) { path in
            finished.entries[path]?.entry.digest ?? archiveEntries[path]?.entry.digest
        }
        for (path, html) in processed.bodies { bodies.put(html, for: path) }
        clock.lap("model.entries")
        var content = Content(entries: entries, copied: copied, processed: processed, bodies: bodies, diagnostics: diagnostics)
        content.drafts = drafts
        return content
    }
}

extension SiteBuild.Content {
    /// Every entry's manifest record: copied from the last manifest, or the processed entry.
    /// Made only when the manifest is saved (at 100,000 files, a table of 21 MB), the copied
    /// ranges dropped then.
    mutating func takeRecords() -> [String: BuildManifest.Record<BuildManifest.StampedEntry>] {
        var records: [String: BuildManifest.Record<BuildManifest.StampedEntry>] = [:]
        records.reserveCapacity(copied.count + processed.entries.count)
        for (path, range) in copied { records[path] = .copied(range) }
        copied = [:]
        for (path, fresh) in processed.entries where records[path] == nil {
            records[path] = .value(.init(stamp: fresh.stamp, entry: fresh.entry))
        }
        return records
    }
}
