import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Diagnostics
import Write

/// One build at a time per output folder and per cache: each is guarded by a lock file
/// (`.gazetteer-cache/build.lock`, and `.site.lock` beside the output) held with `flock`
/// for the whole build. The kernel lets go of it when the process ends, however it ends, so
/// the lock of a killed build is simply taken by the next. The file holds the holder's
/// process number, for the message of whoever waits.
final class BuildLock {
    private var descriptors: [Int32]

    private init(descriptors: [Int32]) { self.descriptors = descriptors }

    deinit { release() }

    /// Takes the locks of `options` (the cache's, and the output's when it is written). If
    /// another process holds one: waits, after telling `notice`, or with `wait` false fails.
    static func acquire(for options: BuildOptions) throws(DiagnosticList) -> BuildLock {
        var files = [options.cache.appending(path: "build.lock").path]
        if options.writeOutput {
            let output = options.output
            files.append(output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).lock").path)
        }
        let lock = BuildLock(descriptors: [])
        for file in files {
            lock.descriptors.append(try take(file, wait: options.waitForOtherBuilds, notice: options.notice))
        }
        return lock
    }

    /// The output's lock alone, when no build holds it (nil: one does, or it cannot be had):
    /// for work beside a build's, such as `serve` making the spare folder ahead (`SpareMaker`).
    static func tryOutput(_ output: URL) -> BuildLock? {
        let file = output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).lock").path
        guard let fd = try? take(file, wait: false, notice: nil) else { return nil }
        return BuildLock(descriptors: [fd])
    }

    func release() {
        for fd in descriptors { close(fd) }
        descriptors = []
    }

    private static func take(_ path: String, wait: Bool, notice: (@Sendable (String) -> Void)?) throws(DiagnosticList) -> Int32 {
        let folder = (path as NSString).deletingLastPathComponent
        // The cache folder, when new: placed where its thumbnails are quick to make
        // (OutputFolders.makePlacedFolder).
        if access(folder, F_OK) != 0 { try? OutputFolders.makePlacedFolder(folder) }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw DiagnosticList([Diagnostic("\(reason) while writing \(path)", at: SourceLocation(path: path))])
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let holder = holderDescription(fd)
            guard wait else {
                close(fd)
                throw DiagnosticList([Diagnostic(
                    "another build (\(holder)) is using this folder; run again when it is done, or without --no-wait to wait for it",
                    at: SourceLocation(path: path))])
            }
            notice?("gazetteer: waiting for another build (\(holder)) to finish with \(folder)")
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno)).lowercased()
                    close(fd)
                    throw DiagnosticList([Diagnostic("\(reason) while waiting for the build lock \(path)", at: SourceLocation(path: path))])
                }
            }
        }
        let text = "\(getpid())\n"
        ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
        return fd
    }

    /// "process 1234", from the lock file, as far as it says.
    private static func holderDescription(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return "process \(pid)" }
        return "another process"
    }
}
