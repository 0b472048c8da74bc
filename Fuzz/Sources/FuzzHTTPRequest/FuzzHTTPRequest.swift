import FuzzSupport
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Model

/// Edit mode's gate, with no browser signed in (its secret is random: no input knows it).
private let gate = EditGate()

/// The preview server's request parser, then the path checks a parsed request goes through:
/// a request is refused with a status, or its path never names anything outside the site;
/// and edit mode's gate, which lets no request through to the API without a session.
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
        _ = (request.keepAlive, request.hasBody, request.plainHost, request.query, request.bodyLength(limit: 1 << 20))
        if request.path.hasPrefix(EditGate.prefix), case .api = gate.check(request, host: "127.0.0.1", port: 8080) {
            preconditionFailure("a request reached the edit API without signing in")
        }
        _ = (EditInjection.page(at: request.path), EditSession.query(request.query))
        if let path = try? RequestPath(encoded: request.path) {
            precondition(!path.segments.contains { $0.isEmpty || $0 == "." || $0 == ".." || $0.contains("/") },
                         "a segment that walks the tree: \(path.segments)")
        }
    }
    return 0
}
