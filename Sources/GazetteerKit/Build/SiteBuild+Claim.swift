import Foundation
import Diagnostics
import Incremental
import Write

extension SiteBuild {
    /// Whether the build may write into the output folder, decided before anything is
    /// written: a folder that does not exist yet or is empty, or one a build of the guide made
    /// (it holds the record of that build, `OutputRecord`). Any other folder is refused,
    /// naming what it holds, unless `--force`. Returns whether the build adopts the folder:
    /// every file in it is then the user's, and one where the build writes a file is replaced.
    /// That is so with `--force`, and for a site made before builds left a record, when the
    /// guide's build manifest says its last build was written there.
    static func claimOutput(_ options: BuildOptions) throws(DiagnosticList) -> Bool {
        guard options.writeOutput else { return false }
        let output = options.output
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else {
            throw DiagnosticList([Diagnostic(
                "refusing to write the site here: this is a file, not a folder (name a folder with --output)",
                at: SourceLocation(path: output.path))])
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
            .sorted(by: OutputRecord.precedes)
        if names.isEmpty || OutputRecord.exists(in: output.path) { return false }
        if options.force { return true }
        if ManifestArchive.read(from: options.cache).archive?.watch?.output == output.path { return true }
        let shown = names.prefix(4).joined(separator: ", ")
        let more = names.count > 4 ? " and \(names.count - 4) more" : ""
        throw DiagnosticList([Diagnostic(
            "refusing to build into this folder: no build of this guide made it, and it is not empty (it holds "
                + "\(shown)\(more): \(names.count) item\(names.count == 1 ? "" : "s")). To build into it all the same, "
                + "keeping what it holds, add --force; or name an empty or new folder with --output",
            at: SourceLocation(path: output.path))])
    }
}
