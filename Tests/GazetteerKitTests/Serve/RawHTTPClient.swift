import Foundation
import Glibc

/// A deliberately plain HTTP client over a raw socket, so that tests can send any bytes
/// (malformed, oversized, pipelined) and see exactly what the server answers.
/// Each client is used by one thread at a time.
final class RawHTTPClient: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let fd: Int32
    private var buffer: [UInt8] = []
    /// The server closed the connection (end of stream or reset), as opposed to a read timeout.
    private(set) var ended = false

    init(port: Int, host: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
        timeout = 3
    }

    deinit { Glibc.close(fd) }

    /// How long one read may wait, in seconds.
    var timeout: Double = 3 {
        didSet {
            var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads more bytes into the buffer; false on end of stream, error or timeout.
    @discardableResult
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else {
            ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            return false
        }
        buffer += chunk[..<count]
        return true
    }

    /// One response; for a HEAD request pass `head: true` (no body follows its Content-Length).
    func readResponse(head: Bool = false) throws -> Response {
        var end: Int?
        while true {
            end = buffer.indices.dropLast(3).first { buffer[$0...].starts(with: [13, 10, 13, 10]) }
            if end != nil { break }
            guard fill() else { throw Failure(description: "no response head; got \(String(decoding: buffer, as: UTF8.self).debugDescription)") }
        }
        let lines = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end! + 4)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0].debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = head ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard fill() else { throw Failure(description: "body shorter than \(length)") }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads until `marker` has arrived; returns everything read so far (and consumes it).
    func read(until marker: String) -> String {
        while !String(decoding: buffer, as: UTF8.self).contains(marker), fill() {}
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// True when the server has closed the connection (with no further bytes).
    func isClosedByServer() -> Bool { buffer.isEmpty && !fill() && ended }

    /// A whole exchange on a fresh connection.
    static func get(_ target: String, port: Int, method: String = "GET") throws -> Response {
        let client = try RawHTTPClient(port: port)
        client.send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return try client.readResponse(head: method == "HEAD")
    }
}
