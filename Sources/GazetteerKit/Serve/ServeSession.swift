import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental
import Locking

/// `gazetteer serve`: builds the site, serves it, and rebuilds when content, templates or
/// settings change. A successful rebuild reloads open pages; a failed one prints its
/// located errors, shows them over the page in the browser and keeps serving the last
/// good site (the build's staging-and-swap leaves it untouched). With `edit`, the pages can
/// be edited in the browser (see `EditSession`): a file edit mode writes is rebuilt at once.
public final class ServeSession: Sendable {
    public let options: BuildOptions
    private let server: PreviewServer
    private let output: TextOutput
    private let queue = DispatchQueue(label: "gazetteer.serve.rebuild")
    private let watcher = Locked<FileWatcher?>(nil)
    private let builds = Locked(0)
    /// Edit mode, when on.
    let edit: EditSession?
    /// Where edit mode's writes go: a rebuild, once started.
    private let relay: Locked<(@Sendable ([String]) -> Void)?>
    /// Waits for the rebuilds queued so far, once started.
    private let settler: Locked<(@Sendable () -> Void)?>

    public init(options: BuildOptions, host: String = "127.0.0.1", port: Int = 0, output: TextOutput = .standard,
                edit: Bool = false) {
        var options = options
        // The preview shows drafts, each with a banner saying so.
        options.drafts = true
        let relay = Locked<(@Sendable ([String]) -> Void)?>(nil)
        let settler = Locked<(@Sendable () -> Void)?>(nil)
        if edit {
            let basis = EditBasis.Receiver()
            options.editBasis = basis
            self.edit = EditSession(source: options.source, cache: options.cache, basis: basis,
                                    settle: { settler.withLock { $0 }?() }) { written in
                relay.withLock { $0 }?(written)
            }
        } else {
            self.edit = nil
        }
        self.options = options
        self.output = output
        server = PreviewServer(root: options.output, host: host, port: port, injectReloadScript: true, idleTimeout: .seconds(5),
                               edit: self.edit)
        self.relay = relay
        self.settler = settler
    }

    /// The address that signs a browser in to edit (with the secret), while serving with edit mode.
    public var editLoginURL: String? {
        guard let edit, let port = server.port else { return nil }
        return edit.gate.loginURL(host: server.host, port: port)
    }

    /// Builds once, starts serving and watching; returns the port.
    @discardableResult
    public func start() throws(ServeError) -> Int {
        relay.withLock {
            $0 = { [weak self] written in
                guard let self else { return }
                self.queue.async { self.rebuild(reason: written) }
            }
        }
        settler.withLock { $0 = { [weak self] in self?.queue.sync {} } }
        queue.sync { rebuild(reason: nil) }
        let port = try server.start()
        let source = options.source
        let watched = [source.appending(path: "content"), source.appending(path: "templates"),
                       source.appending(path: "gazetteer.yaml"), source.appending(path: SiteLoader.staticFolder)]
        let watcher = try FileWatcher(paths: watched) { [weak self] reported in
            guard let self else { return }
            // Files edit mode wrote were rebuilt already.
            let changed = reported.filter { !(self.edit?.isOwnWrite($0) ?? false) }
            guard !changed.isEmpty else { return }
            let names = changed.map { String($0.dropFirst(source.path.count).drop(while: { $0 == "/" })) }.sorted()
            self.queue.async { self.rebuild(reason: names) }
        }
        watcher.start()
        self.watcher.withLock { $0 = watcher }
        return port
    }

    public func stop() {
        watcher.withLock { $0?.stop(); $0 = nil }
        server.stop()
        queue.sync {}
    }

    /// How many builds ran (the first one included).
    public var buildCount: Int { builds.withLock { $0 } }

    private func rebuild(reason changed: [String]?) {
        if let changed {
            let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            output.print("Changed: \(shown)")
        }
        var options = self.options
        options.progress = output.buildProgress
        do throws(DiagnosticList) {
            let summary = try SiteBuild.run(options)
            output.print(summary.description)
            server.clearError()
            server.notifyReload()
        } catch {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            output.error(text)
            if FileManager.default.fileExists(atPath: options.output.appending(path: "index.html").path) {
                output.error("Build failed: still serving the last good site")
            } else {
                output.error("Build failed, and the guide has never built: its pages show these errors until they are fixed")
            }
            server.notifyError(text)
        }
        builds.withLock { $0 += 1 }
    }
}
