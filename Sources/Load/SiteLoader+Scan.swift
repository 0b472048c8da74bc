import Foundation
import Diagnostics

extension SiteLoader {
    /// A content file found by `scan`: its site-relative path, kind and stamp (nil when it
    /// is not a plain regular file, such as a symlink: such a file is read every time).
    package struct ScannedFile: Sendable {
        package var path: String
        package var kind: ContentKind
        package var stamp: FileStamp?
        /// From the file name, and the page it gives.
        package var slug: String
        package var outputPath: String
        /// For a translation (`france.fr.md`), the language its name says (`fr`); its page is
        /// in that language's folder (`fr/countries/france.html`).
        package var language: String?

        package init(path: String, kind: ContentKind, stamp: FileStamp?) {
            self.path = path
            self.kind = kind
            self.stamp = stamp
            language = ContentKind.language(ofPath: path)
            slug = ContentKind.slug(ofPath: path, language: language)
            outputPath = (language.map { $0 + "/" } ?? "") + OutputPath.page(kind, slug: slug)
        }

        /// Why this file's name gives it no page of its own, if it does not: it has no letter
        /// or digit, or its page would be a page of the City Guide.
        package var nameProblem: Diagnostic? {
            if slug.isEmpty {
                return Diagnostic(
                    "this file's name has no letter or digit, so it gives the page no name: rename it (after the \(kind.word), for example)",
                    at: SourceLocation(path: path))
            }
            if kind == .page, let taken = [OutputPath.index: "the guide's front page", OutputPath.notFound: "the page for addresses that do not exist"][outputPath] {
                return Diagnostic(
                    "this page would be \(outputPath), which is \(taken): rename the file (to about.md, for example)",
                    at: SourceLocation(path: path))
            }
            if let list = OutputPath.listPageNamed(outputPath) {
                return Diagnostic(
                    "this file's page would be \(outputPath), which is \(list): rename the file (to \(slug)-city.md, for example)",
                    at: SourceLocation(path: path))
            }
            return nil
        }

        /// The problem of this file when `first` has its slug (and so its page) already.
        package func duplicate(of first: String) -> Diagnostic {
            Diagnostic("duplicate slug \"\(slug)\": \(first) has it too", at: SourceLocation(path: path))
        }
    }

    /// The site folder as an incremental build first sees it: the content files by name and
    /// stamp, without reading them, and the settings file and the theme, read whole (they
    /// are small, and every page depends on them).
    package struct Scan: Sendable {
        /// The site folder, with symlinks resolved.
        package var root: URL
        package var configFile: SourceFile?
        /// Countries, then cities, then pages of one's own, each sorted by file name.
        package var content: [ScannedFile]
        package var theme: Theme
        /// Whether `content/`, `content/countries` and `content/cities` are real folders (not
        /// symlinks), and `content/pages` one or none: then a content file that is a regular
        /// file is a plain file.
        package var foldersArePlain = false
        /// True when both content folders were known unchanged, so not listed again.
        package var listedBefore = false
        /// The settings file, the content folders, the theme's files and folders, as they were
        /// before they were read (the incremental engine watches them).
        package var watched: [(path: String, state: PathState?)]
        /// The files of `static/`, copied to the output as they are: each path relative to
        /// `static/` (and so in the output), with its stamp, sorted.
        package var staticFiles: [(path: String, stamp: FileStamp)] = []
    }

    /// The folder of the guide whose files are published as they are.
    package static let staticFolder = "static"

    /// Lists the site folder. Reports a missing `content/` folder, an unreadable settings
    /// file or template, and a default theme that cannot be unpacked. With `prior` (the
    /// previous build's watch, just checked), an unchanged content folder is not listed again
    /// and stamps already taken are not taken again.
    package static func scan(root: URL, cacheDirectory: URL, prior: (any PriorListings)? = nil) throws(DiagnosticList) -> Scan {
        let root = root.resolvingSymlinksInPath().standardizedFileURL
        var errors: [Diagnostic] = []
        guard isDirectory(root.appending(path: "content")) else {
            throw DiagnosticList([Diagnostic(
                "no content/ folder here: a guide keeps its countries in content/countries/ and its cities in content/cities/",
                at: SourceLocation(path: root.path))])
        }
        var watched: [(path: String, state: PathState?)] = []
        for path in ["gazetteer.yaml", "templates", "content"] {
            watched.append((root.path + "/" + path, PathState.of(root.path + "/" + path)))
        }
        var content: [ScannedFile] = []
        var listedBefore = true
        for kind in [ContentKind.country, .city, .page] {
            let folder = kind.folder
            let path = root.path + "/" + folder
            var names: [(name: String, stamp: FileStamp?)]
            let listed = prior?.listingWithStamps(path)
            if let listed, case .some(let state) = prior?.folderState(path), prior?.unchangedListing(path) != nil {
                // The same files as last time: their stamps were just taken.
                watched.append((path, state))
                names = listed
            } else if listed == nil, case .some(.some(.missing)) = prior?.folderState(path) {
                // Not there, and no folder last time either (a guide without pages of its own).
                watched.append((path, .missing))
                names = []
            } else if let listed, case .some(let state) = prior?.folderState(path), prior?.sameVisibleNames(path) == true {
                // The folder changed, but the watcher says it holds the same files (one was
                // saved by renaming a new file over it): the last build's, stamps just taken.
                watched.append((path, state))
                names = listed.filter { !$0.name.hasPrefix(".") }.map { ($0.name, $0.stamp ?? FileStamp.of(path + "/" + $0.name)) }
            } else {
                // Listed again; a file the last build saw keeps the stamp just taken of it
                // (so adding one file to a folder of thousands stats only that one).
                let now = prior?.knownListing(path) ?? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                let markdown = now.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
                let before = listed?.filter { $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
                if let before, case .some(let state) = prior?.folderState(path), before.map(\.name) == markdown {
                    // The folder changed but holds the same files (one was saved by writing
                    // a new file and renaming it over the old): the names compared sorted (the
                    // last build's are), with no table of them.
                    watched.append((path, state))
                    names = before.map { ($0.name, $0.stamp ?? FileStamp.of(path + "/" + $0.name)) }
                } else {
                    listedBefore = false
                    watched.append((path, PathState.of(path)))
                    let known = Dictionary(listed ?? [], uniquingKeysWith: { first, _ in first })
                    names = markdown.map { name in (name, known[name].flatMap { $0 } ?? FileStamp.of(path + "/" + name)) }
                }
            }
            names = names.filter { $0.name.hasSuffix(".md") && !$0.name.hasPrefix(".") }
            names.sort { $0.name < $1.name }
            for (name, stamp) in names {
                let file = ScannedFile(path: "\(folder)/\(name)", kind: kind, stamp: stamp)
                if let problem = file.nameProblem {
                    errors.append(problem)
                    continue
                }
                content.append(file)
            }
        }
        var configFile: SourceFile?
        if FileManager.default.fileExists(atPath: root.appending(path: "gazetteer.yaml").path) {
            configFile = readText("gazetteer.yaml", root: root, errors: &errors)
        }
        // The built-in theme, with the guide's templates/ over it file by file.
        var theme: Theme?
        do {
            let builtIn = try extractDefaultTheme(into: cacheDirectory)
            var layers = [(folder: builtIn, displayName: "(default theme)")]
            let templates = root.appending(path: "templates")
            if isDirectory(templates) { layers.append((templates, "templates")) }
            watched += watchTree(layers.last!.folder.path)
            theme = readTheme(layers: layers, errors: &errors)
        } catch {
            errors.append(Diagnostic("cannot unpack the default theme: \(error)", at: SourceLocation(path: cacheDirectory.path)))
        }
        // static/, watched like the theme: a file changed, added or removed is a change.
        let staticTree = watchTree(root.path + "/" + staticFolder)
        watched += staticTree
        let staticFiles = Self.staticFiles(in: staticTree, root: root.path, errors: &errors)
        if !errors.isEmpty { throw DiagnosticList(errors) }
        var scan = Scan(root: root, configFile: configFile, content: content, theme: theme!, watched: watched)
        scan.staticFiles = staticFiles
        scan.listedBefore = listedBefore && prior != nil
        let folders = ["content", "content/countries", "content/cities"].map { root.path + "/" + $0 }
        scan.foldersArePlain = folders.allSatisfy { folder in
            watched.contains { $0.path == folder && $0.state.map { if case .folder = $0 { true } else { false } } == true }
        } && watched.contains { item in
            // content/pages/ is optional: a real folder, or none.
            item.path == root.path + "/" + ContentKind.page.folder
                && item.state.map { if case .file = $0 { false } else { true } } ?? false
        }
        return scan
    }

    /// The regular files of `static/` from its watched states; anything else in it (a
    /// symlink, a socket) is an error naming it, never followed out of the site.
    private static func staticFiles(in tree: [(path: String, state: PathState?)], root: String,
                                    errors: inout [Diagnostic]) -> [(path: String, stamp: FileStamp)] {
        let prefix = root + "/" + staticFolder + "/"
        var files: [(path: String, stamp: FileStamp)] = []
        if let top = tree.first, top.state == nil || top.state.map({ if case .file = $0 { true } else { false } }) == true {
            errors.append(Diagnostic(
                "static must be a folder (its files are published as they are), not a file or a symbolic link",
                at: SourceLocation(path: staticFolder)))
        }
        for (path, state) in tree where path.hasPrefix(prefix) {
            let relative = String(path.dropFirst(prefix.count))
            switch state {
            case .file(let stamp)?: files.append((relative, stamp))
            case .folder?, .missing?: continue
            case nil:
                errors.append(Diagnostic(
                    "this is not a plain file or folder (a symbolic link?): static/ is published as it is, "
                        + "so put the file itself there", at: SourceLocation(path: staticFolder + "/" + relative)))
            }
        }
        return files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The states of a folder and of everything in it.
    private static func watchTree(_ folder: String) -> [(path: String, state: PathState?)] {
        var result: [(path: String, state: PathState?)] = []
        var pending = [folder]
        while let path = pending.popLast() {
            let state = PathState.of(path)
            result.append((path, state))
            guard case .folder? = state else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                pending.append(path + "/" + name)
            }
        }
        return result
    }
}
