import Foundation
import Glibc
import Load

/// Where edit mode may write, and nowhere else: `.md` files in `content/countries/` and
/// `content/cities/` (and in `content/pages/`, only the links a rename rewrites), pictures with
/// a known ending in `content/countries/flags/` and `content/cities/pictures/`. A name may hold no `/`, `\`, NUL or other control character,
/// no `..`, and may not begin with a dot; a symbolic link that leads out of the guide is refused.
struct EditPaths: Sendable {
    /// The guide's folder, symlinks resolved.
    let root: String

    init(root: URL) { self.root = Self.realPath(root.path) ?? root.standardizedFileURL.path }

    /// A request refused for its file: the status and the reason in plain words.
    struct Refusal: Error, Equatable {
        var status: Int
        var message: String
    }

    /// The endings a picture may have (the formats the thumbnails accept).
    static let pictureEndings: Set<String> = ["png", "jpg", "jpeg", "webp", "svg"]

    /// A file of the guide, by where edit mode shows it and where it is really written.
    struct File: Equatable {
        /// Site-relative, as messages name it (`content/cities/madrid.md`).
        var path: String
        /// The absolute path written (a symlink inside the guide followed).
        var real: String
        var exists: Bool
    }

    /// Why `name` cannot be a file's name, or nil when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a file name may not be empty" }
        if name.utf8.count > 200 { return "a file name may be at most 200 bytes long" }
        if name.hasPrefix(".") { return "a file name may not begin with a dot" }
        if name.contains("..") { return "a file name may not hold \"..\"" }
        if name.contains("/") || name.contains("\\") { return "a file name may not hold \"/\" or \"\\\"" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "a file name may not hold NUL or other control characters"
        }
        return nil
    }

    /// The content file of `kind` at site-relative `path` (which must be `<folder>/<name>.md`).
    func content(_ kind: ContentKind, path: String) throws(Refusal) -> File {
        let prefix = kind.folder + "/"
        guard path.hasPrefix(prefix), path.hasSuffix(".md") else {
            throw Refusal(status: 403, message: "\(path) is not a file edit mode writes (only .md files in \(kind.folder)/)")
        }
        let name = String(path.dropFirst(prefix.count))
        if let problem = Self.problem(withName: name) { throw Refusal(status: 403, message: problem) }
        return try file(in: kind.folder, name: name)
    }

    /// The content file a new entry of `kind` gets from its slug.
    func content(_ kind: ContentKind, slug: String) throws(Refusal) -> File {
        if let problem = Self.problem(withName: slug) { throw Refusal(status: 403, message: problem) }
        return try content(kind, path: kind.folder + "/" + slug + ".md")
    }

    /// The folder of a kind's pictures (`content/countries/flags`), and what front matter
    /// writes before a picture's name there (`flags/`).
    static func pictureFolder(_ kind: ContentKind) -> (folder: String, written: String) {
        kind == .country ? ("content/countries/flags", "flags/") : ("content/cities/pictures", "pictures/")
    }

    /// A picture of `kind` named `name` (`france.png`), its folder made when missing.
    func picture(_ kind: ContentKind, name: String) throws(Refusal) -> File {
        if let problem = Self.problem(withName: name) { throw Refusal(status: 403, message: problem) }
        let ending = (name as NSString).pathExtension.lowercased()
        guard Self.pictureEndings.contains(ending) else {
            throw Refusal(status: 403, message: "a picture's name must end in .png, .jpg, .jpeg, .webp or .svg")
        }
        let folder = Self.pictureFolder(kind).folder
        try makeFolder(folder)
        return try file(in: folder, name: name)
    }

    /// A file edit mode writes, by its site-relative path (a content file or a picture).
    func file(atPath path: String) throws(Refusal) -> File {
        for kind in [ContentKind.country, .city] {
            let picture = Self.pictureFolder(kind).folder + "/"
            if path.hasPrefix(picture) { return try self.picture(kind, name: String(path.dropFirst(picture.count))) }
            if path.hasPrefix(kind.folder + "/") { return try content(kind, path: path) }
        }
        // A page of one's own is written only where a rename rewrites its links (and by their Undo).
        if path.hasPrefix(ContentKind.page.folder + "/") { return try content(.page, path: path) }
        throw Refusal(status: 403, message: "\(path) is not a file edit mode writes")
    }

    /// The pictures of `kind` already in its folder, as front matter names them (`pictures/london.jpg`).
    func pictures(_ kind: ContentKind) -> [String] {
        Self.pictureValues(pictureNames(kind), written: Self.pictureFolder(kind).written)
    }

    /// The names in the folder of a kind's pictures, as listed (in no order).
    func pictureNames(_ kind: ContentKind) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + Self.pictureFolder(kind).folder)) ?? []
    }

    /// The pictures among `names` listed in a pictures' folder, sorted, as front matter names
    /// them (`written` before each).
    static func pictureValues(_ names: [String], written: String) -> [String] {
        names.filter { problem(withName: $0) == nil && pictureEndings.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { written + $0 }
    }

    /// `name` in the site-relative `folder`, checked: the folder and the file (if any) really
    /// inside the guide, the file a regular file.
    private func file(in folder: String, name: String) throws(Refusal) -> File {
        let path = folder + "/" + name
        guard let realFolder = Self.realPath(root + "/" + folder) else {
            throw Refusal(status: 404, message: "\(folder)/ does not exist")
        }
        guard isInside(realFolder) else { throw outside(path) }
        let candidate = realFolder + "/" + name
        var info = stat()
        guard lstat(candidate, &info) == 0 else { return File(path: path, real: candidate, exists: false) }
        var real = candidate
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let target = Self.realPath(candidate) else {
                throw Refusal(status: 403, message: "\(path) is a symbolic link to nothing; edit mode does not write through it")
            }
            guard isInside(target) else { throw outside(path) }
            real = target
            guard stat(real, &info) == 0 else { throw Refusal(status: 403, message: "\(path) cannot be read") }
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Refusal(status: 403, message: "\(path) is not a plain file") }
        return File(path: path, real: real, exists: true)
    }

    private func makeFolder(_ folder: String) throws(Refusal) {
        let parent = (folder as NSString).deletingLastPathComponent
        guard let realParent = Self.realPath(root + "/" + parent), isInside(realParent) else { throw outside(folder) }
        let target = realParent + "/" + (folder as NSString).lastPathComponent
        if mkdir(target, 0o755) != 0, errno != EEXIST {
            throw Refusal(status: 500, message: "cannot make \(folder)/: \(String(cString: strerror(errno)))")
        }
    }

    private func outside(_ path: String) -> Refusal {
        Refusal(status: 403, message: "\(path) leads out of the guide through a symbolic link; edit mode writes only inside it")
    }

    private func isInside(_ path: String) -> Bool { path.hasPrefix(root.hasSuffix("/") ? root : root + "/") }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
