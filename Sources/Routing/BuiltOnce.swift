import Synchronization

/// A value made by the first caller that needs it, once, whichever thread that is: callers arriving
/// while it is being made wait for it rather than making their own, and later callers get it at once.
///
/// For what a shared, read-only router could make at set-up but seldom needs (a hierarchy's second
/// metric for tables), so that it takes memory only once something asks for it.
final class BuiltOnce<Value: Sendable>: Sendable {
    private let slot = Mutex<Value?>(nil)

    init() {}

    /// The value, made by `make` (under the lock) if it is not made yet.
    /// - Complexity: O(1) once made; the first call that of `make`.
    func value(_ make: () -> Value) -> Value {
        slot.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }

    /// The value if something made it already (memory reports, tests).
    var valueIfMade: Value? { slot.withLock { $0 } }
}
