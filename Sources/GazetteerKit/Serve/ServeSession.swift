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
    /// Whether each build's stage times are printed (`--timings`).
    private let timings: Bool
    private let queue = DispatchQueue(label: "gazetteer.serve.rebuild")
    private let watcher = Locked<FileWatcher?>(nil)
    /// What the watcher saw change since the last build (the builds stat only that).
    private let changes = WatchedChanges()
    /// Makes the spare folder of the output ahead of the next update.
    private let spare: SpareMaker
    private let builds = Locked(0)
    /// Edit mode, when on.
    let edit: EditSession?
    /// Where edit mode's writes go: a rebuild, once started.
    private let relay: Locked<(@Sendable ([String]) -> Void)?>
    /// Waits for the rebuilds queued so far, once started.
    private let settler: Locked<(@Sendable () -> Void)?>

    public init(options: BuildOptions, host: String = "127.0.0.1", port: Int = 0, output: TextOutput = .standard,
                edit: Bool = false, timings: Bool = false) {
        var options = options
        // The preview shows drafts, each with a banner saying so.
        options.drafts = true
        // Each rebuild reads and decodes only the parts of the manifest new since the last.
        options.partMemory = PartMemory()
        let relay = Locked<(@Sendable ([String]) -> Void)?>(nil)
        let settler = Locked<(@Sendable () -> Void)?>(nil)
        if edit {
            let basis = EditBasis.Receiver()
            options.editBasis = basis
            self.edit = EditSession(source: options.source, cache: options.cache, basis: basis,
                                    timings: timings ? SavePathTimings() : nil, settle: { settler.withLock { $0 }?() }) { written in
                relay.withLock { $0 }?(written)
            }
        } else {
            self.edit = nil
        }
        self.options = options
        self.output = output
        self.timings = timings
        spare = SpareMaker(output: options.output)
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

    /// Starts watching, builds once, starts serving; returns the port. The watcher runs from
    /// before the first build, so that every change after that build checked its inputs is
    /// seen (and the builds after it stat only what changed).
    @discardableResult
    public func start() throws(ServeError) -> Int {
        // The paths the builds watch are real paths (symlinks resolved): so are the watcher's.
        let source = options.source.resolvingSymlinksInPath()
        let changes = self.changes
        relay.withLock {
            $0 = { [weak self] written in
                guard let self else { return }
                changes.record(written.map { source.path + "/" + $0 })
                let queued = ContinuousClock.now
                self.queue.async { self.rebuild(reason: written, queued: queued) }
            }
        }
        settler.withLock { $0 = { [weak self] in self?.queue.sync {} } }
        let watched = [source.appending(path: "content"), source.appending(path: "templates"),
                       source.appending(path: "gazetteer.yaml"), source.appending(path: SiteLoader.staticFolder)]
        let watcher = try FileWatcher(paths: watched, changes: changes) { [weak self] reported in
            guard let self else { return }
            // Files edit mode wrote were rebuilt already.
            let changed = reported.filter { !(self.edit?.isOwnWrite($0) ?? false) }
            guard !changed.isEmpty else { return }
            let names = changed.map { String($0.dropFirst(source.path.count).drop(while: { $0 == "/" })) }.sorted()
            self.queue.async { self.rebuild(reason: names) }
        }
        watcher.start()
        self.watcher.withLock { $0 = watcher }
        queue.sync { rebuild(reason: nil) }
        let port: Int
        do throws(ServeError) {
            port = try server.start()
        } catch {
            self.watcher.withLock { $0?.stop(); $0 = nil }
            throw error
        }
        return port
    }

    public func stop() {
        watcher.withLock { $0?.stop(); $0 = nil }
        server.stop()
        queue.sync {}
        spare.wait()
    }

    /// Waits for the spare folder being made after a full build (for tests).
    func waitForSpare() { spare.wait() }

    /// How many builds ran (the first one included).
    public var buildCount: Int { builds.withLock { $0 } }

    /// `queued`: when the rebuild was asked for.
    private func rebuild(reason changed: [String]?, queued: ContinuousClock.Instant = .now) {
        let started = ContinuousClock.now
        let request = edit?.timings?.takeRequest()
        if let changed {
            let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            output.print("Changed: \(shown)")
        }
        var options = self.options
        options.progress = output.buildProgress
        spare.wait()
        let spared = ContinuousClock.now
        let (hint, mark) = changes.take()
        options.changes = hint
        var built = false
        do throws(DiagnosticList) {
            let summary = try SiteBuild.run(options)
            let ran = ContinuousClock.now
            // Counted before the pages hear of it.
            builds.withLock { $0 += 1 }
            changes.settle(mark)
            built = true
            output.print(summary.description)
            server.clearError()
            server.notifyReload()
            // What the build kept to free later is freed now, beside the pages' reload, not at
            // the start of the next build (20 ms of the next save's at 10,000 pages).
            DispatchQueue.global(qos: .utility).async { SiteBuild.releaseLastBuild() }
            if timings {
                output.print(summary.timings.description)
                let seconds = SavePathTimings.seconds
                let build = seconds(ran - spared)
                let laps = [("queue", seconds(started - queued)), ("spare", seconds(spared - started)), ("build", build),
                            ("outside its stages", build - summary.timings.stagesTotal), ("reload", seconds(ContinuousClock.now - ran))]
                if let request {
                    output.print(SavePathTimings.line("edit request", total: request.laps.map(\.seconds).reduce(0, +), request.laps))
                }
                output.print(SavePathTimings.line(request == nil ? "rebuild" : "edit request to reload",
                                                  total: seconds(ContinuousClock.now - (request?.received ?? queued)), laps))
            }
        } catch {
            builds.withLock { $0 += 1 }
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            output.error(text)
            if FileManager.default.fileExists(atPath: options.output.appending(path: "index.html").path) {
                output.error("Build failed: still serving the last good site")
            } else {
                output.error("Build failed, and the guide has never built: its pages show these errors until they are fixed")
            }
            server.notifyError(text)
        }
        // After a full build, the spare for the next one is made while nothing is asked.
        if built { spare.prepare() }
    }
}
