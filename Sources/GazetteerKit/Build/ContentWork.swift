import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Model
import Render
import Locking

/// The front matter, Markdown and field stages for the content files the plan says to parse
/// (see `RebuildPlan`), across the cores. Each file's problems are reported exactly as the
/// first build of it would report them.
enum ContentWork {
    /// What processing gave.
    struct Outcome {
        var entries: [String: (stamp: FileStamp?, entry: ContentEntry)] = [:]
        var bodies: [String: String] = [:]
        /// Each body as plain text, for the search index (when the site has one).
        var texts: [String: PackedText] = [:]
        var diagnostics: [Diagnostic] = []
        /// Cities' countries that name no country file, to be reported with every country known.
        var unknownCountries: [UnknownCountry] = []
        /// Wall time, split between reading and parsing front matter, and Markdown and fields,
        /// in proportion to the time the cores spent on each.
        var parseShare = 0.0
        var markdownShare = 0.0
    }

    /// Bodies are kept up to `BodyStore.keptBytes` of HTML, the first ones done (which are
    /// kept does not change the output: the others are rendered again when shown).
    static func process(_ pending: [(file: SiteLoader.ScannedFile, validate: Bool)], context: ContentEntry.SourceContext,
                        root: URL) -> Outcome {
        let kept = Locked(0)
        struct One {
            var entry: ContentEntry?
            var html: String?
            var text: PackedText?
            var diagnostics: [Diagnostic] = []
            var unknownCountry: UnknownCountry?
            var parse: UInt64 = 0
            var markdown: UInt64 = 0
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let results = Parallel.map(pending.count) { i -> One in
            let (file, validate) = pending[i]
            var one = One()
            let t0 = DispatchTime.now().uptimeNanoseconds
            guard let data = FileManager.default.contents(atPath: root.appending(path: file.path).path) else {
                one.diagnostics.append(Diagnostic("cannot read this file", at: SourceLocation(path: file.path)))
                return one
            }
            let digest = Digest(of: data)
            let content: ParsedContent
            do throws(DiagnosticList) {
                let source = try SourceFile(path: file.path, contents: data)
                content = ParsedContent(file: source, document: try FrontMatterParser.parse(source))
            } catch {
                one.diagnostics += error.diagnostics
                one.parse = DispatchTime.now().uptimeNanoseconds - t0
                return one
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            let headLength = max(0, data.count - content.document.body.utf8.count)
            let (entry, body, unknownCountry) = ContentEntry.process(
                content, digest: digest, frontMatterDigest: Digest(of: data.prefix(headLength)), kind: file.kind, validate: validate, context: context,
                diagnostics: &one.diagnostics)
            one.entry = entry
            one.unknownCountry = unknownCountry
            let size = body.html.utf8.count
            let keep = kept.withLock { total -> Bool in
                guard total + size <= BodyStore.keptBytes else { return false }
                total += size
                return true
            }
            if keep { one.html = body.html }
            if context.config.search, entry != nil { one.text = PackedText(SearchText.plain(fromHTML: body.html)) }
            one.parse = t1 - t0
            one.markdown = DispatchTime.now().uptimeNanoseconds - t1
            return one
        }
        var outcome = Outcome()
        var parse: UInt64 = 0
        var markdown: UInt64 = 0
        for (i, one) in results.enumerated() {
            let path = pending[i].file.path
            if let entry = one.entry { outcome.entries[path] = (pending[i].file.stamp, entry) }
            if let html = one.html { outcome.bodies[path] = html }
            if let text = one.text { outcome.texts[path] = text }
            outcome.diagnostics += one.diagnostics
            if let unknown = one.unknownCountry { outcome.unknownCountries.append(unknown) }
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
