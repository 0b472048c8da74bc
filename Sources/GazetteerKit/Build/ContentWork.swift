import Foundation
import Thumbnails

/// Which content files a build reads and parses, and the doing of it across the cores.
///
/// A file is taken from the manifest when its stamp is unchanged and what it points at is
/// still there: the files its body links to, a city's country, its picture (an unchanged
/// body picture too, since the body's HTML names its thumbnails). Any other file is read,
/// parsed and rendered from Markdown, which reports its problems exactly as the first build
/// of it would.
struct ContentWork {
    /// Files whose entries are taken from the manifest.
    var reused: Set<String> = []
    /// Files to process; `validate` is false for a file whose slug an earlier file has.
    var pending: [(file: SiteLoader.ScannedFile, validate: Bool)] = []
    var duplicates: [Diagnostic] = []

    /// `renderBodyImages`: files with pictures in their bodies are processed even when
    /// unchanged (a new output needs those thumbnails planned).
    static func plan(_ scan: SiteLoader.Scan, previous: [String: BuildManifest.StampedEntry],
                     context: ContentEntry.SourceContext, renderBodyImages: Bool) -> ContentWork {
        var work = ContentWork()
        work.reused.reserveCapacity(scan.content.count)
        var seen: [String: String] = [:]
        seen.reserveCapacity(scan.content.count)
        for file in scan.content {
            if let first = seen.updateValue(file.path, forKey: file.outputPath) {
                seen[file.outputPath] = first
                work.duplicates.append(Diagnostic(
                    "duplicate slug \"\(file.slug)\": \(first) has it too", at: SourceLocation(path: file.path)))
                work.pending.append((file, false))
                continue
            }
            if let stamp = file.stamp, let old = previous[file.path], old.stamp == stamp,
               isStillValid(old.entry, context: context), !(renderBodyImages && !old.entry.bodyImages.isEmpty) {
                work.reused.insert(file.path)
            } else {
                work.pending.append((file, true))
            }
        }
        return work
    }

    private static func isStillValid(_ entry: ContentEntry, context: ContentEntry.SourceContext) -> Bool {
        for link in entry.links where context.pages[link] == nil { return false }
        if entry.kind == .city, !context.countrySlugs.contains(entry.country ?? "") { return false }
        if !entry.image.isPlaceholder, context.planner.stamp(of: entry.image.path) == nil { return false }
        for path in entry.bodyImages where !context.planner.isUnchanged(path) { return false }
        return true
    }

    /// What processing gave.
    struct Outcome {
        var entries: [String: (stamp: FileStamp?, entry: ContentEntry)] = [:]
        var bodies: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        /// Wall time, split between reading and parsing front matter, and Markdown and fields,
        /// in proportion to the time the cores spent on each.
        var parseShare = 0.0
        var markdownShare = 0.0
    }

    /// Bodies are kept only when there are few (see `BodyStore.capacity`).
    func process(context: ContentEntry.SourceContext, root: URL) -> Outcome {
        let keepBodies = pending.count <= BodyStore.capacity
        struct One {
            var entry: ContentEntry?
            var html: String?
            var diagnostics: [Diagnostic] = []
            var parse: UInt64 = 0
            var markdown: UInt64 = 0
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let results = UnsafeResults<One>(count: pending.count)
        let pending = self.pending
        DispatchQueue.concurrentPerform(iterations: pending.count) { i in
            let (file, validate) = pending[i]
            var one = One()
            let t0 = DispatchTime.now().uptimeNanoseconds
            guard let data = FileManager.default.contents(atPath: root.appending(path: file.path).path) else {
                one.diagnostics.append(Diagnostic("cannot read this file", at: SourceLocation(path: file.path)))
                results[i] = one
                return
            }
            let digest = ContentHash.sha256Hex(data)
            let content: ParsedContent
            do throws(DiagnosticList) {
                let source = try SourceFile(path: file.path, contents: data)
                content = ParsedContent(file: source, document: try FrontMatterParser.parse(source))
            } catch {
                one.diagnostics += error.diagnostics
                one.parse = DispatchTime.now().uptimeNanoseconds - t0
                results[i] = one
                return
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            let headLength = max(0, data.count - content.document.body.utf8.count)
            let (entry, body) = ContentEntry.process(
                content, digest: digest, frontMatterDigest: ContentHash.sha256Hex(data.prefix(headLength)), kind: file.kind, validate: validate, context: context,
                diagnostics: &one.diagnostics)
            one.entry = entry
            one.html = keepBodies ? body.html : nil
            one.parse = t1 - t0
            one.markdown = DispatchTime.now().uptimeNanoseconds - t1
            results[i] = one
        }
        var outcome = Outcome()
        var parse: UInt64 = 0
        var markdown: UInt64 = 0
        for (i, one) in results.values.enumerated() {
            guard let one else { continue }
            let path = pending[i].file.path
            if let entry = one.entry { outcome.entries[path] = (pending[i].file.stamp, entry) }
            if let html = one.html { outcome.bodies[path] = html }
            outcome.diagnostics += one.diagnostics
            parse += one.parse
            markdown += one.markdown
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let busy = Double(parse + markdown)
        outcome.parseShare = busy > 0 ? wall * Double(parse) / busy : wall
        outcome.markdownShare = busy > 0 ? wall * Double(markdown) / busy : 0
        return outcome
    }
}
