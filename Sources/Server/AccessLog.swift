import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The access log: one line per answered request, written to a file (standard error) in batches by a
/// thread of its own, so a request pays for appending one entry and not for formatting and writing a line.
///
/// Lines read as swift-log's `StreamLogHandler` writes them, which is how the access log always read:
///
///     2026-12-02T00:28:32+0000 info waymark.serve: log=access [Server] GET /route/v1/driving/… 200 Ok 0.41 ms
///
/// The writer wakes at most every `flushPeriod` while requests keep coming and sleeps when none do; a
/// line is written at most that long after its request was answered, and every line still held is
/// written at `shutdown()`. When the file cannot keep up (a blocked pipe), at most `capacity` lines wait
/// and later ones are counted, and a line saying how many were dropped follows.
final class AccessLog: @unchecked Sendable {
    /// Longest wait between answering a request and writing its line while requests keep coming.
    static let flushPeriod = Duration.milliseconds(100)
    /// Most lines waiting to be written.
    static let capacity = 100_000
    /// Longest request target written (the rest is cut, as before).
    static let targetCharacters = 300

    /// One answered request.
    struct Entry {
        let method: String
        let target: String
        let status: Int
        let code: String
        let duration: Duration
        let time: time_t
    }

    let label: String
    let fileDescriptor: Int32

    /// Guards everything below; the writer waits on it.
    private let condition = NSCondition()
    private var pending: [Entry] = []
    private var dropped = 0
    private var idle = false
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - label: the logger label written in each line (`waymark.serve`).
    ///   - fileDescriptor: where lines go (standard error by default); not closed here.
    init(label: String, fileDescriptor: Int32 = STDERR_FILENO) {
        self.label = label
        self.fileDescriptor = fileDescriptor
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "waymark-access-log"
        thread.start()
    }

    /// Records one answered request.
    func record(method: String, target: String, status: Int, code: String, duration: Duration) {
        let entry = Entry(method: method, target: target, status: status, code: code, duration: duration, time: time(nil))
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return }
        if pending.count < Self.capacity { pending.append(entry) } else { dropped += 1 }
        if idle {
            idle = false
            condition.signal()
        }
    }

    /// Writes every line still held and stops the writer.
    func shutdown() {
        condition.lock()
        let running = !stopping
        stopping = true
        condition.signal()
        condition.unlock()
        if running { finished.wait() }
    }

    private func writeLoop() {
        var formatter = LineFormatter(label: label)
        var batch: [Entry] = []
        condition.lock()
        while true {
            if pending.isEmpty {
                if stopping { break }
                idle = true
                while idle && !stopping { condition.wait() }
                continue
            }
            swap(&batch, &pending)
            let droppedNow = dropped
            dropped = 0
            condition.unlock()
            write(formatter.lines(batch, dropped: droppedNow))
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            if !stopping { _ = condition.wait(until: Date(timeIntervalSinceNow: Self.flushPeriod.milliseconds / 1000)) }
        }
        condition.unlock()
        finished.signal()
    }

    /// Writes all of `text`, retrying short writes; gives up on an error (a closed descriptor).
    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Formats lines, the timestamp computed once per second.
    struct LineFormatter {
        let label: String
        private var second: time_t = -1
        private var stamp = ""

        init(label: String) {
            self.label = label
        }

        /// The lines of `entries`, and one saying how many were dropped.
        mutating func lines(_ entries: [Entry], dropped: Int) -> String {
            var text = ""
            text.reserveCapacity(entries.count * 160)
            for entry in entries {
                text += "\(timestamp(entry.time)) info \(label): log=access [Server] \(entry.method) \(entry.target.prefix(AccessLog.targetCharacters)) "
                text += "\(entry.status) \(entry.code) \(Self.milliseconds(entry.duration)) ms\n"
            }
            if dropped > 0, let last = entries.last {
                text += "\(timestamp(last.time)) warning \(label): log=access [Server] \(dropped) access log lines dropped (the log could not keep up)\n"
            }
            return text
        }

        /// The local time as `StreamLogHandler` writes it (`%Y-%m-%dT%H:%M:%S%z`).
        private mutating func timestamp(_ time: time_t) -> String {
            if time != second {
                var seconds = time
                var local = tm()
                localtime_r(&seconds, &local)
                var buffer = [Int8](repeating: 0, count: 64)
                let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
                stamp = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                second = time
            }
            return stamp
        }

        /// A duration in milliseconds with two decimals (`10.44`), as `String(format: "%.2f")` wrote it.
        static func milliseconds(_ duration: Duration) -> String {
            let hundredths = Int((duration.milliseconds * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
    }
}
