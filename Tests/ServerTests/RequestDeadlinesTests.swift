import Foundation
import OSRMService
@testable import Server
import Testing

/// The worker pool's timeouts from its one watchdog thread (`RequestDeadlines`).
@Suite struct RequestDeadlinesTests {
    static let service = WorkerPoolTests.service

    @Test func answeredRequestsNeverTimeOutAndALaterSlowOneStillDoes() async {
        let pool = WorkerPool(threads: 1, queueLimit: 100)
        defer { pool.shutdown() }
        // Many quick answers leave entries the watchdog must drop, not answer.
        for index in 0..<200 {
            let response = await pool.run(service: Self.service, timeout: 0.2) { _, _ in ServiceResponse(body: "\(index)") }
            #expect(response.body == "\(index)")
        }
        let gate = WorkerPoolTests.Gate()
        let slow = await pool.run(service: Self.service, timeout: 0.05) { _, _ in
            _ = gate.release.wait(timeout: .now() + 30)
            return ServiceResponse(body: "late")
        }
        gate.release.signal()
        #expect(slow.status == 503 && slow.body.hasPrefix("{\"code\":\"Timeout\""), "\(slow.body)")
    }

    @Test func aQueuedRequestTimesOutWhileTheThreadIsBusy() async {
        let pool = WorkerPool(threads: 1, queueLimit: 10)
        defer { pool.shutdown() }
        let gate = WorkerPoolTests.Gate()
        async let busy = pool.run(service: Self.service, timeout: 60) { _, _ in
            gate.started.signal()
            _ = gate.release.wait(timeout: .now() + 30)
            return ServiceResponse(body: "done")
        }
        await Task.detached { _ = gate.started.wait(timeout: .now() + 30) }.value
        let ran = DispatchSemaphore(value: 0)
        let queued = await pool.run(service: Self.service, timeout: 0.05) { _, _ in
            ran.signal()
            return ServiceResponse(body: "ran")
        }
        #expect(queued.status == 503 && queued.body.hasPrefix("{\"code\":\"Timeout\""), "\(queued.body)")
        gate.release.signal()
        #expect(await busy.body == "done")
        // The timed-out job is skipped, not run, once the thread is free.
        #expect(await pool.run(service: Self.service, timeout: 60) { _, _ in ServiceResponse(body: "next") }.body == "next")
        #expect(ran.wait(timeout: .now()) == .timedOut)
    }

    @Test func runningWorkIsToldToStop() async {
        let pool = WorkerPool(threads: 1, queueLimit: 10)
        defer { pool.shutdown() }
        let stopped = DispatchSemaphore(value: 0)
        let response = await pool.run(service: Self.service, timeout: 0.05) { _, _ in
            while !(RequestCancellation.current?.isCancelled ?? false) { Thread.sleep(forTimeInterval: 0.001) }
            stopped.signal()
            return ServiceResponse(body: "stopped")
        }
        #expect(response.body.hasPrefix("{\"code\":\"Timeout\""))
        #expect(stopped.wait(timeout: .now() + 30) == .success)
    }
}
