import Synchronization

/// A value shared between threads, reached only while holding its lock: the toolchain's
/// `Mutex`, in a class so that the closures of a concurrent loop, or the threads of the
/// preview server, can share one.
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: sending Value) { mutex = Mutex(value) }

    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
}

extension Locked {
    /// Slots filled by concurrent iterations, each by one of them.
    package convenience init<Element>(slots count: Int) where Value == [Element?] {
        self.init([Element?](repeating: nil, count: count))
    }

    package subscript<Element: Sendable>(index: Int) -> Element? where Value == [Element?] {
        get { withLock { $0[index] } }
        set { withLock { $0[index] = newValue } }
    }

}

extension Locked where Value: Sendable {
    /// The value now (a copy).
    package var value: Value { withLock { $0 } }
}
