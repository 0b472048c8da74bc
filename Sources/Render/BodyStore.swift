import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Locking

/// Rendered Markdown bodies by content file. The Markdown stage puts in the bodies of the
/// files it processed; the body of an unchanged file (known from the manifest) is rendered
/// again from its source only when a page that shows it is rendered. Thread-safe.
///
/// Memory stays bounded: the Markdown stage's bodies are kept up to `keptBytes` of HTML (at
/// 10,000 entries, all of them; at 100,000, about a quarter), and the last `recentCapacity`
/// bodies rendered here. The files that show one entry's text are rendered one after the
/// other by one thread (`PageRenderer.renderGroups`), so that its page, its record and its
/// search record find it among the recent ones, and it is rendered once for all.
package final class BodyStore: Sendable {
    package static let keptBytes = 32 << 20
    package static let recentCapacity = 16
    private struct State {
        var bodies: [String: String] = [:]
        var problems: Set<Diagnostic> = []
        var recent = RecentBodies(capacity: BodyStore.recentCapacity)
    }
    private let state = Locked(State())
    private let context: ContentEntry.SourceContext
    /// The site folder's path, which each body's file is read from.
    private let rootPath: String
    /// The digest each file had when processed, so that a file edited during the build is noticed.
    private let digest: @Sendable (String) -> Digest?

    /// The folder of the language the bodies are shown in (`fr/`; "" for the default), and
    /// the file whose body an entry of that language shows (its translation's when it has
    /// one with a body, else its own).
    private let folder: String
    private let source: @Sendable (String) -> String

    package init(context: ContentEntry.SourceContext, digest: @escaping @Sendable (String) -> Digest?) {
        self.context = context
        rootPath = context.paths.root.path
        self.digest = digest
        folder = ""
        source = { $0 }
    }

    private init(context: ContentEntry.SourceContext, digest: @escaping @Sendable (String) -> Digest?, folder: String,
                 source: @escaping @Sendable (String) -> String) {
        self.context = context
        rootPath = context.paths.root.path
        self.digest = digest
        self.folder = folder
        self.source = source
    }

    /// The bodies as the pages in the language `language` show them: that of the file
    /// `source` names for the path of an entry there (`france.fr.md`), rendered for its page
    /// in the language's folder.
    package func inLanguage(_ language: LanguageSetting, source: @escaping @Sendable (String) -> String) -> BodyStore {
        BodyStore(context: context, digest: digest, folder: language.folder, source: source)
    }

    /// Keeps the Markdown stage's `html` of `path` (the caller keeps to `keptBytes`).
    package func put(_ html: String, for path: String) {
        state.withLock { $0.bodies[path] = html }
    }

    /// The body of the content file at site-relative `path`, as HTML.
    package func html(for path: String) -> String {
        if let known = state.withLock({ $0.bodies[path] ?? $0.recent.body(of: path) }) { return known }
        var found: [Diagnostic] = []
        let html = render(path, diagnostics: &found)
        state.withLock { state in
            state.recent.remember(html, for: path)
            state.problems.formUnion(found)
        }
        return html
    }

    /// Problems met while rendering bodies on demand (none unless a file changed during the build).
    package var diagnostics: [Diagnostic] {
        state.withLock { $0.problems.sorted() }
    }

    private func render(_ path: String, diagnostics: inout [Diagnostic]) -> String {
        rendered(path, diagnostics: &diagnostics)?.body.html ?? ""
    }

    /// The links of the body of `path` with where each is written, and the file's text: what
    /// a broken link of a page is traced back to (rendered again: only a broken link asks).
    package func links(for path: String) -> (links: [MarkdownLink], text: String)? {
        var ignored: [Diagnostic] = []
        return rendered(path, diagnostics: &ignored).map { ($0.body.destinations, $0.text) }
    }

    private func rendered(_ shown: String, diagnostics: inout [Diagnostic]) -> (body: MarkdownBody, text: String)? {
        let path = source(shown)
        let changed = Diagnostic("this file changed during the build; build again", at: SourceLocation(path: path))
        guard let data = FileBytes.read(rootPath + "/" + path), Digest(of: data) == digest(path) else {
            diagnostics.append(changed)
            return nil
        }
        do throws(DiagnosticList) {
            let file = try SourceFile(path: path, contents: data)
            // The same bytes as those whose front matter the build read: only the body is needed.
            let document = try FrontMatterParser.body(file)
            let kind = ContentKind.of(path: path)
            let output = folder + OutputPath.page(kind, slug: ContentKind.slug(ofPath: path))
            var renderer = context.bodyRenderer
            renderer.languageFolder = folder
            let body = renderer.render(document, of: file, outputPath: output, diagnostics: &diagnostics)
            return (body, String(decoding: data, as: UTF8.self))
        } catch {
            diagnostics += error.diagnostics
            return nil
        }
    }
}

/// The bodies rendered last, at most `capacity`: remembering one more forgets the oldest.
package struct RecentBodies: Sendable {
    package let capacity: Int
    private var bodies: [String: String] = [:]
    /// The paths remembered, in a ring whose oldest is at `next` once it is full.
    private var ring: [String] = []
    private var next = 0

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    package func body(of path: String) -> String? { bodies[path] }

    package mutating func remember(_ html: String, for path: String) {
        guard bodies[path] == nil else { return }
        if ring.count < capacity {
            ring.append(path)
        } else {
            bodies[ring[next]] = nil
            ring[next] = path
            next = (next + 1) % capacity
        }
        bodies[path] = html
    }
}
