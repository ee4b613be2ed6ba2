import Foundation
@testable import Server
import Testing
import WaymarkKit

/// `WaymarkServer.run` loads before it serves: a network that cannot be loaded is the load's own error,
/// and nothing listens. (Serving until a signal is `waymark serve`'s, run end to end.)
@Suite struct WaymarkServerTests {
    @Test func aNetworkThatCannotBeLoadedFailsBeforeListening() {
        let listened = LockedFlag()
        #expect(throws: RoadNetworkLoadError.database(.fileNotFound(path: "/nonexistent/city.sqlite"))) {
            var configuration = WaymarkServer.Configuration(source: .database(path: "/nonexistent/city.sqlite"), landmarks: 0)
            configuration.http.port = 0
            try WaymarkServer.run(configuration) { _, _ in listened.set() }
        }
        #expect(!listened.value)
    }

    @Test func anAsyncBodysErrorReachesTheWaitingThread() {
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) { try WaymarkServer.waitFor { throw Failure() } }
        #expect(throws: Never.self) { try WaymarkServer.waitFor {} }
    }
}

/// A flag set from another thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}
