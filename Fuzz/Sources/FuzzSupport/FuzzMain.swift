import CFuzzer
import Glibc

/// Runs libFuzzer on the target's `LLVMFuzzerTestOneInput`: what each fuzz target's `main`
/// does. A SwiftPM debug build names an executable's entry point `<Target>_main` (so that
/// tests can link it), which libFuzzer's own `main` cannot stand in for; this does.
public func runFuzzer() -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
}

/// The input libFuzzer gives, as bytes or as text.
public enum FuzzInput {
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Nil when the bytes are not UTF-8: the site's loader refuses such files before parsing.
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String? {
        String(validating: bytes(data, size), as: UTF8.self)
    }
}
