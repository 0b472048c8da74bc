import Foundation

/// The write stage: puts the whole site into a staging folder beside the output and swaps
/// it in only when everything was written, so a failed build leaves the previous output
/// exactly as it was and no page of a deleted content file survives.
struct SiteWriter {
    var output: URL

    /// A file copied into the output from elsewhere (a thumbnail from the cache, a theme asset).
    struct Copy: Sendable {
        var path: String
        var source: URL
    }

    func write(_ files: [OutputFile], copies: [Copy]) throws(DiagnosticList) {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appending(path: ".\(output.lastPathComponent).staging-\(pid)")
        let old = parent.appending(path: ".\(output.lastPathComponent).old-\(pid)")
        do {
            try? fm.removeItem(at: staging)
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            var folders: Set<String> = []
            func prepare(_ path: String) throws -> URL {
                let target = staging.appending(path: path)
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty, folders.insert(folder).inserted {
                    try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                return target
            }
            for file in files {
                try file.contents.write(to: try prepare(file.path))
            }
            for copy in copies {
                let target = try prepare(copy.path)
                // Hard links cost nothing; across file systems fall back to a copy.
                do { try fm.linkItem(at: copy.source, to: target) } catch { try fm.copyItem(at: copy.source, to: target) }
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw DiagnosticList([Diagnostic("cannot write the site: \(error.localizedDescription)", at: SourceLocation(path: output.path))])
        }
        do {
            if fm.fileExists(atPath: output.path) {
                try fm.moveItem(at: output, to: old)
            }
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                try? fm.moveItem(at: old, to: output)
                throw error
            }
            try? fm.removeItem(at: old)
        } catch {
            try? fm.removeItem(at: staging)
            throw DiagnosticList([Diagnostic("cannot replace the output folder: \(error.localizedDescription)", at: SourceLocation(path: output.path))])
        }
    }
}
