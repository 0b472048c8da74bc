import Glibc
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// A TCP socket by its file descriptor, with the few blocking calls the server needs.
/// Writes never raise SIGPIPE; reads wait with poll(2) and a timeout, never spin.
struct Socket: Hashable, Sendable {
    let fd: Int32

    /// A socket listening on `host:port` (0 = any free port), with SO_REUSEADDR; returns the bound port.
    static func listen(host: String, port: Int, backlog: Int32 = 128) throws(ServeError) -> (Socket, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotListen(host: host, port: port, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next?.pointee {
            next = info.ai_next
            let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard fd >= 0 else { reason = lastError(); continue }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.ai_addr, info.ai_addrlen) == 0, Glibc.listen(fd, backlog) == 0 else {
                reason = lastError()
                Glibc.close(fd)
                continue
            }
            return (Socket(fd: fd), Socket(fd: fd).localPort)
        }
        throw .cannotListen(host: host, port: port, reason: reason)
    }

    /// The port this socket is bound to.
    var localPort: Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let family = Int32(address.ss_family)
        return withUnsafePointer(to: &address) { pointer in
            switch family {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: 0
            }
        }
    }

    /// The next connection, or nil when accepting failed (the caller polls again).
    func accept() -> Socket? {
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return Socket(fd: client)
    }

    enum ReadResult: Equatable { case data([UInt8]), closed, timedOut }

    /// Waits up to `timeout` milliseconds (-1: forever) for bytes from the peer.
    func read(timeout: Int32) -> ReadResult {
        guard Self.poll([fd], timeout: timeout) != nil else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { return .data(Array(buffer[..<count])) }
            if count < 0, errno == EINTR { continue }
            return .closed
        }
    }

    /// Sends everything (the socket's send timeout bounds a stuck peer); false when the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Bounds how long a write may block on a peer that does not read.
    func setSendTimeout(milliseconds: Int) {
        var time = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Wakes every thread blocked on this socket (reads then see the end of the stream).
    func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    func close() { _ = Glibc.close(fd) }

    /// Waits until one of `fds` is readable (or hung up); returns its index, nil on timeout.
    static func poll(_ fds: [Int32], timeout: Int32) -> Int? {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let ready = Glibc.poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            return entries.firstIndex { $0.revents != 0 }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

extension Socket {
    /// Closes after the peer has seen everything sent: stop writing, drain what it still sends
    /// (briefly), then close, so that the peer gets the response rather than a reset.
    func lingeringClose() {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        for _ in 0..<8 {
            guard case .data = read(timeout: 250) else { break }
        }
        close()
    }

    /// As `lingeringClose`, but without waiting (for the accepting thread): what the peer has
    /// already sent is read and dropped, so that closing does not reset the connection and
    /// destroy the response before the peer reads it.
    func closeWithoutWaiting() {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        while recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT)) > 0 {}
        close()
    }
}
