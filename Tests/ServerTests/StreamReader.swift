import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads one chunked HTTP response on its own thread, in two steps a test can put a server stop
/// between: the first bytes, then the rest to the connection's close, at a steady pace.
final class StreamReader: @unchecked Sendable {
    /// Bytes read before `firstBytes()` returns.
    static let firstRead = 65_536
    /// Pause after each read of the rest, microseconds: 1,000 makes a client slower than the loopback
    /// (64 MB/s at most).
    private let pause: useconds_t
    private let fd: Int32
    private let proceed = DispatchSemaphore(value: 0)
    private var received: [UInt8] = []   // written by the reader thread only until `done` is delivered
    private var started: CheckedContinuation<Void, Never>?
    private var done: CheckedContinuation<[UInt8], Never>?
    private let lock = NSLock()
    private var firstDelivered = false, finished = false

    init(fd: Int32, pause: useconds_t = 1_000) {
        self.fd = fd
        self.pause = pause
    }

    /// Waits until the first `firstRead` bytes (or the close) arrived; the reader then waits for `rest()`.
    func firstBytes() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            started = continuation
            lock.unlock()
            Thread.detachNewThread { [self] in run() }
        }
    }

    /// Lets the reader go on and waits for everything up to the close.
    func rest() async -> [UInt8] {
        await withCheckedContinuation { continuation in
            lock.lock()
            done = continuation
            lock.unlock()
            proceed.signal()
        }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var waitedForTheStop = false
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { received.append(contentsOf: buffer[0..<n]) }
            if !waitedForTheStop && (received.count >= Self.firstRead || n <= 0) {
                waitedForTheStop = true
                lock.lock()
                let continuation = started
                lock.unlock()
                continuation?.resume()
                proceed.wait()
            }
            if n <= 0 { break }
            usleep(pause)
        }
        lock.lock()
        let continuation = done
        lock.unlock()
        continuation?.resume(returning: received)
    }

    /// The status, the body's length once de-chunked, and whether the final chunk arrived.
    static func dechunk(_ bytes: [UInt8]) -> (status: Int, bodyBytes: Int, complete: Bool) {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            return (0, 0, false)
        }
        let statusLine = String(decoding: bytes[..<headEnd], as: UTF8.self).split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        var i = headEnd + 4, body = 0
        while i < bytes.count {
            guard let lineEnd = (i..<max(i, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                  let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16) else { break }
            if size == 0 { return (status, body, true) }
            guard lineEnd + 2 + size <= bytes.count else { return (status, body + bytes.count - lineEnd - 2, false) }
            body += size
            i = lineEnd + 2 + size + 2
        }
        return (status, body, false)
    }
}
