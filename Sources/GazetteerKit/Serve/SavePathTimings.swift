import Foundation
import Locking

/// Under `serve --timings`, where a change made in edit mode spends its time from the request
/// received to the reload event sent: the request's own steps (`EditSession`: the file read
/// and checked, the undo record, the write), then the rebuild's (waiting for the queue and the
/// spare, the build, what follows it up to the event). Printed as two lines after the build's
/// stages; a rebuild that no edit asked for prints only its own.
final class SavePathTimings: Sendable {
    private struct State {
        var received: ContinuousClock.Instant?
        var mark: ContinuousClock.Instant?
        var laps: [(step: String, seconds: Double)] = []
        /// The request's steps, once it has written (handed to the rebuild it asked for).
        var request: (received: ContinuousClock.Instant, laps: [(step: String, seconds: Double)])?
    }

    private let state = Locked(State())

    init() {}

    /// A change's request was received (its body read).
    func begin() {
        let now = ContinuousClock.now
        state.withLock { $0 = State(received: now, mark: now, laps: [], request: $0.request) }
    }

    /// The request's step `step` ended now.
    func lap(_ step: String) {
        let now = ContinuousClock.now
        state.withLock { s in
            guard let mark = s.mark else { return }
            s.laps.append((step, Self.seconds(now - mark)))
            s.mark = now
        }
    }

    /// The request wrote its files (the rebuild is asked for now): its steps wait for that rebuild.
    func wrote() {
        lap("write")
        state.withLock { s in
            guard let received = s.received else { return }
            s.request = (received, s.laps)
            s = State(request: s.request)
        }
    }

    /// The steps of the request whose write the rebuild starting now follows, if any.
    func takeRequest() -> (received: ContinuousClock.Instant, laps: [(step: String, seconds: Double)])? {
        state.withLock { s in
            defer { s.request = nil }
            return s.request
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `label: 12.3 ms (step 1.0, step 2.0)`.
    static func line(_ label: String, total: Double, _ laps: [(step: String, seconds: Double)]) -> String {
        let steps = laps.map { "\($0.step) " + String(format: "%.1f", $0.seconds * 1000) }.joined(separator: ", ")
        return label + ": " + String(format: "%.1f", total * 1000) + " ms" + (steps.isEmpty ? "" : " (" + steps + ")")
    }
}
