import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// Rendered Markdown bodies by content file. The Markdown stage puts in the bodies of the
/// files it processed; the body of an unchanged file (known from the manifest) is rendered
/// again from its source only when a page that shows it is rendered. Thread-safe.
///
/// Memory stays bounded: at most `capacity` bodies are kept; beyond that a body is rendered
/// again each time a page reads it (with the default theme, each body is read by one page).
package final class BodyStore: @unchecked Sendable {
    package static let capacity = 512
    private let lock = NSLock()
    private var bodies: [String: String] = [:]
    private var problems: Set<Diagnostic> = []
    private let context: ContentEntry.SourceContext
    /// The digest each file had when processed, so that a file edited during the build is noticed.
    private let digest: @Sendable (String) -> Digest?

    package init(context: ContentEntry.SourceContext, digest: @escaping @Sendable (String) -> Digest?) {
        self.context = context
        self.digest = digest
    }

    package func put(_ html: String, for path: String) {
        lock.lock()
        if bodies.count < Self.capacity { bodies[path] = html }
        lock.unlock()
    }

    /// The body of the content file at site-relative `path`, as HTML.
    package func html(for path: String) -> String {
        lock.lock()
        let known = bodies[path]
        lock.unlock()
        if let known { return known }
        var found: [Diagnostic] = []
        let html = render(path, diagnostics: &found)
        lock.lock()
        if bodies.count < Self.capacity { bodies[path] = html }
        problems.formUnion(found)
        lock.unlock()
        return html
    }

    /// Problems met while rendering bodies on demand (none unless a file changed during the build).
    package var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return problems.sorted()
    }

    private func render(_ path: String, diagnostics: inout [Diagnostic]) -> String {
        let changed = Diagnostic("this file changed during the build; build again", at: SourceLocation(path: path))
        guard let data = FileManager.default.contents(atPath: context.paths.root.appending(path: path).path),
              Digest(of: data) == digest(path) else {
            diagnostics.append(changed)
            return ""
        }
        do throws(DiagnosticList) {
            let file = try SourceFile(path: path, contents: data)
            let document = try FrontMatterParser.parse(file)
            let kind: ContentEntry.Kind = path.hasPrefix(ContentKind.country.folder + "/") ? .country : .city
            let output = OutputPath.page(kind, slug: ContentKind.slug(ofPath: path))
            return context.bodyRenderer.render(document, of: file, outputPath: output, diagnostics: &diagnostics).html
        } catch {
            diagnostics += error.diagnostics
            return ""
        }
    }
}
