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
        /// How many entries are the last manifest's, reused (their records kept as they were);
        /// the others are `processed`'s.
        var reused: Int
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
    mutating func parse() -> Content {
        let scan = inputs.scan
        var diagnostics = inputs.diagnostics + plan.duplicates
        clock.lap("parse.plan")
        var processed = ContentWork.process(plan.parse, context: inputs.context, root: scan.root)
        diagnostics += processed.diagnostics
        clock.add("parse", processed.parseShare)
        clock.add("markdown", processed.markdownShare)
        let previous = reuse.entries, archiveEntries = reuse.stampedEntries
        var entries: [ContentEntry] = []
        let now = Int64(Date().timeIntervalSince1970)
        var reusedCount = 0
        entries.reserveCapacity(scan.content.count)
        // The plan's files are the scan's, in its order.
        let reused = previous != nil && plan.reused.count == scan.content.count ? plan.reused : []
        for (n, file) in scan.content.enumerated() {
            if !reused.isEmpty, let entry = reused[n] {
                entries.append(entry)
                reusedCount += 1
            } else if let fresh = processed.entries[file.path] {
                // When the build record first held the file: kept from the last one, else now.
                let seen = reuse.recorded[file.path]?.entry.firstSeen ?? 0
                let entry = fresh.entry.seen(at: seen > 0 ? seen : now)
                processed.entries[file.path] = (fresh.stamp, entry)
                entries.append(entry)
            }
        }
        var drafts: [ContentEntry] = []
        if !inputs.drafts, entries.contains(where: \.draft) {
            drafts = entries.filter(\.draft)
            entries.removeAll(where: \.draft)
            for draft in drafts {
                processed.entries[draft.path] = nil
                processed.texts[draft.path] = nil
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
        var content = Content(entries: entries, reused: reusedCount, processed: processed, bodies: bodies, diagnostics: diagnostics)
        content.drafts = drafts
        return content
    }
}

extension SiteBuild.Content {
    /// The entries' manifest records: those processed now; with `keepsOthers`, every other
    /// entry of the last manifest `previous` is this build's too, its record as it was, but
    /// those `removed` (see `BuildManifest.keepsOtherPages`): an edit names one entry, not the
    /// 20,000 of a guide of 10,000 in two languages.
    func records(keepingOthersOf previous: ManifestArchive?)
        -> (made: [String: BuildManifest.Record<BuildManifest.StampedEntry>], keepsOthers: Bool, removed: Set<String>)
    {
        var made: [String: BuildManifest.Record<BuildManifest.StampedEntry>] = [:]
        made.reserveCapacity(processed.entries.count)
        for (path, fresh) in processed.entries { made[path] = .value(.init(stamp: fresh.stamp, entry: fresh.entry)) }
        guard let previous, reused > 0 else { return (made, false, []) }
        // Every entry of the last build is here when as many of its entries are.
        let found = reused + processed.entries.keys.reduce(0) { $0 + (previous.entryRanges[$1] != nil ? 1 : 0) }
        guard found != previous.entryRanges.count else { return (made, true, []) }
        let now = Set(entries.map(\.path))
        return (made, true, Set(previous.entryRanges.keys.filter { !now.contains($0) }))
    }
}
