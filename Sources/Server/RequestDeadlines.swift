import Foundation
import OSRMService

/// Answers `Timeout` for the worker pool's requests that are not answered by their deadline, from one
/// watchdog thread.
///
/// Each request used to arm its own Dispatch timer (a work item, a timer-heap insertion and a cancel,
/// several microseconds of a 0.1 ms request). Here a request is one entry appended to a list kept in
/// deadline order; the watchdog sleeps until the earliest deadline (at most `sweepPeriod`, when it
/// also drops the entries of requests already answered, so answered requests are not held for the
/// whole timeout) and, when a deadline passes, delivers `Timeout` and tells the work to stop
/// (`RequestCancellation`), exactly as the timer did. With no request in flight it sleeps until the
/// next one arrives. A timeout is answered within a few milliseconds of its deadline.
final class RequestDeadlines: @unchecked Sendable {
    /// How often the watchdog drops the entries of answered requests while requests keep coming.
    static let sweepPeriod = Duration.milliseconds(100)

    private struct Watch {
        let deadline: ContinuousClock.Instant
        let seconds: Double
        let reply: WorkerPool.Reply
        let cancellation: RequestCancellation
    }

    /// Guards everything below; the watchdog waits on it.
    private let condition = NSCondition()
    /// Requests watched, in deadline order from `head` on (entries before `head` are spent).
    private var watches: [Watch] = []
    private var head = 0
    /// Whether the watchdog sleeps with nothing to watch (a new request must wake it).
    private var idle = false
    /// When the watchdog wakes next, if it sleeps with a deadline.
    private var wakesAt: ContinuousClock.Instant?
    private var stopping = false

    init(name: String) {
        let thread = Thread { [self] in self.watchLoop() }
        thread.name = name
        thread.start()
    }

    /// Answers `Timeout` through `reply` and cancels the work unless `reply` is delivered within `seconds`.
    func watch(_ reply: WorkerPool.Reply, cancellation: RequestCancellation, seconds: Double) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        condition.lock()
        defer { condition.unlock() }
        var index = watches.endIndex
        while index > head, watches[index - 1].deadline > deadline { index -= 1 }
        watches.insert(Watch(deadline: deadline, seconds: seconds, reply: reply, cancellation: cancellation), at: index)
        if idle || (wakesAt.map { deadline < $0 } ?? false) {
            idle = false
            condition.signal()
        }
    }

    /// Stops the watchdog (requests still watched get no `Timeout`).
    func shutdown() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func watchLoop() {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            let expired = takeExpired(now: ContinuousClock.now)
            if !expired.isEmpty {
                condition.unlock()
                for watch in expired {
                    watch.reply.deliver(ServiceResponse(ServiceError(.timeout, "the request took longer than \(watch.seconds) s")))
                    watch.cancellation.cancel()
                }
                condition.lock()
                continue
            }
            sleepUntilNextDeadline()
        }
    }

    /// Removes the answered requests at the front and those whose deadline has passed; returns the latter.
    private func takeExpired(now: ContinuousClock.Instant) -> [Watch] {
        var expired: [Watch] = []
        while head < watches.endIndex, watches[head].reply.isDone || watches[head].deadline <= now {
            if !watches[head].reply.isDone { expired.append(watches[head]) }
            head += 1
        }
        if head == watches.endIndex {
            watches.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1024 && head * 2 > watches.count {
            watches.removeFirst(head)
            head = 0
        }
        return expired
    }

    private func sleepUntilNextDeadline() {
        guard head < watches.endIndex else {
            idle = true
            wakesAt = nil
            while idle && !stopping { condition.wait() }
            return
        }
        let now = ContinuousClock.now
        let wake = min(watches[head].deadline, now + Self.sweepPeriod)
        wakesAt = wake
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, (wake - now).milliseconds / 1000)))
        wakesAt = nil
    }
}
