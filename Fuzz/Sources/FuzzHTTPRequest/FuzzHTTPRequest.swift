import FuzzSupport
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Model

/// The preview server's request parser, then the path checks a parsed request goes through:
/// a request is refused with a status, or its path never names anything outside the site.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    switch HTTPRequest.parse(bytes) {
    case .incomplete:
        precondition(bytes.count <= HTTPRequest.maxHeadLength, "an over-long head still waits for more")
    case .failure(let status):
        precondition([400, 431, 505].contains(status), "unexpected status \(status)")
    case .request(let request, let length):
        precondition(length > 0 && length <= bytes.count, "a head of \(length) bytes in \(bytes.count)")
        _ = (request.keepAlive, request.hasBody, request.plainHost, request.query)
        if let path = try? RequestPath(encoded: request.path) {
            precondition(!path.segments.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/") },
                         "a segment that walks the tree: \(path.segments)")
        }
    }
    return 0
}
