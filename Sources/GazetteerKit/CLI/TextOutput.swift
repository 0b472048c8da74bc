import Foundation

/// Where the tool's messages go: standard output and error, or a capture for tests.
public struct TextOutput: Sendable {
    public var print: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(print: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.print = print
        self.error = error
    }

    public static let standard = TextOutput(
        print: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
}
