import Foundation
import Locking

/// A value computed on another thread while the build goes on, waited for when needed.
final class Background<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Locked<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            let value = work()
            self.result.withLock { $0 = value }
            self.done.signal()
        }
    }

    /// A value there already.
    init(ready value: Value) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The value, once computed, given up by this: for its one user, which then holds the
    /// only reference to what it refers to.
    func take() -> Value {
        done.wait()
        return result.withLock { result in
            defer { result = nil }
            return result!
        }
    }

    /// The value, once computed.
    var value: Value {
        done.wait()
        done.signal()
        return result.value!
    }
}
