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

/// Where the tool's messages go: standard output and error, or a capture for tests.
public struct TextOutput: Sendable {
    public var print: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void
    /// A line redrawn in place while long work runs (nil when not writing to a terminal:
    /// then only plain lines are printed). Called with nil to clear it.
    public var status: (@Sendable (String?) -> Void)?

    public init(print: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
                status: (@Sendable (String?) -> Void)? = nil) {
        self.print = print
        self.error = error
        self.status = status
    }

    public static let standard = TextOutput(
        print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        status: isatty(STDERR_FILENO) == 1 ? redrawStatusLine : nil)

    /// Carriage return and erase-line, so the line is redrawn where it stands.
    @Sendable private static func redrawStatusLine(_ line: String?) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + (line ?? "")).utf8))
    }

    /// Only errors: what `--quiet` asks for.
    public var quiet: TextOutput { TextOutput(print: { _ in }, error: error, status: nil) }

    /// Progress of a build drawn on the status line, at most ten times a second.
    var buildProgress: BuildProgress? {
        guard let status else { return nil }
        let last = ProgressThrottle()
        return BuildProgress { stage, done, total in
            guard last.due(final: done == total) else { return }
            status(done == total ? nil : "\(stage == "pages" ? "Rendering pages" : "Making thumbnails") \(done)/\(total)")
        }
    }
}

/// Lets a progress line be redrawn at most every 100 ms, whichever thread reports.
final class ProgressThrottle: Sendable {
    private let last = Locked(Date.distantPast)

    func due(final: Bool) -> Bool {
        last.withLock { last in
            let now = Date()
            guard final || now.timeIntervalSince(last) >= 0.1 else { return false }
            last = now
            return true
        }
    }
}
