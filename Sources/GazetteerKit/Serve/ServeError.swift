import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// Why the preview server or the file watcher could not start.
public enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No socket could be bound to `host:port` (port in use, unknown host, ...).
    case cannotListen(host: String, port: Int, reason: String)
    /// A folder or file could not be watched for changes.
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotListen(host, port, reason): "cannot serve on \(host):\(port): \(reason)"
        case let .cannotWatch(path, reason): "cannot watch \(path): \(reason)"
        }
    }
}
