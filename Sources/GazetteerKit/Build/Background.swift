import Foundation

/// A value computed on another thread while the build goes on, waited for when needed.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// A value there already.
    init(ready value: Value) {
        result = value
        done.signal()
    }

    /// The value, once computed, given up by this: for its one user, which then holds the
    /// only reference to what it refers to.
    func take() -> Value {
        done.wait()
        defer { result = nil }
        return result!
    }

    /// The value, once computed.
    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}
