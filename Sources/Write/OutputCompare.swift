import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// Whether a page just rendered is byte for byte the file already in the output, so that
/// an unchanged page is not written again (and keeps its modification time).
package enum OutputCompare {
    package static func same(_ text: String, at url: URL) -> Bool {
        var text = text
        return text.withUTF8 { expected in
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, Int(info.st_size) == expected.count else { return false }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var offset = 0
            while true {
                let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if got == 0 { return offset == expected.count }
                guard offset + got <= expected.count else { return false }
                let equal = buffer.withUnsafeBytes { memcmp($0.baseAddress!, expected.baseAddress! + offset, got) == 0 }
                if !equal { return false }
                offset += got
            }
        }
    }
}
