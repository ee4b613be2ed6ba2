import Foundation

/// Decompresses on a background thread while the caller parses, through a small ring of chunk buffers.
///
/// bzip2 and gzip decoding cost as much CPU as the XML parsing itself, so overlapping them nearly
/// halves a compressed import on two cores. Memory stays bounded: `bufferCount` chunks of
/// `chunkSize` bytes.
///
/// Contract: after `init`, only the producer thread touches `source` until it has delivered the end
/// (or an error); the consumer calls `read(into:capacity:)` from one thread. Counters the consumer
/// sees (`rawBytesRead`, `bytesProduced`) are snapshots carried with each chunk, so they never race.
final class PrefetchingReader: @unchecked Sendable {
    private struct Chunk {
        var buffer: UnsafeMutableRawPointer
        var count: Int
        var rawBytesRead: Int64
    }

    let chunkSize: Int
    private let source: ByteSource
    private let condition = NSCondition()
    private var free: [UnsafeMutableRawPointer] = []
    private var filled: [Chunk] = []
    private var finished = false
    private var failure: OSMImportError?
    private var cancelled = false
    private var allBuffers: [UnsafeMutableRawPointer] = []
    private var producerDone = false

    private var current: Chunk?
    private var offset = 0
    private(set) var rawBytesRead: Int64 = 0
    private(set) var bytesProduced: Int64 = 0

    init(source: ByteSource, chunkSize: Int = 1 << 20, bufferCount: Int = 4) {
        self.source = source
        self.chunkSize = chunkSize
        for _ in 0..<bufferCount {
            let b = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
            allBuffers.append(b)
            free.append(b)
        }
        let thread = Thread { [self] in produce() }
        thread.name = "waymark-decompress"
        thread.start()
    }

    deinit {
        for b in allBuffers { b.deallocate() }
    }

    /// Stops the producer and waits for it (call before dropping the reader when parsing stops early).
    func close() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !producerDone { condition.wait() }
        condition.unlock()
    }

    private func produce() {
        while true {
            condition.lock()
            while free.isEmpty && !cancelled { condition.wait() }
            if cancelled { producerDone = true; condition.broadcast(); condition.unlock(); return }
            let buffer = free.removeLast()
            condition.unlock()

            var count = 0
            var error: OSMImportError?
            do {
                count = try source.read(into: buffer, capacity: chunkSize)
            } catch let e {
                error = e
            }
            let raw = source.rawBytesRead

            condition.lock()
            if let error {
                failure = error
            } else if count == 0 {
                free.append(buffer)
                finished = true
            } else {
                filled.append(Chunk(buffer: buffer, count: count, rawBytesRead: raw))
            }
            let stop = error != nil || count == 0
            if stop { producerDone = true }
            condition.broadcast()
            condition.unlock()
            if stop { return }
        }
    }

    /// Copies up to `capacity` decompressed bytes into `buffer`; 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(OSMImportError) -> Int {
        if current == nil {
            condition.lock()
            while filled.isEmpty && !finished && failure == nil { condition.wait() }
            if filled.isEmpty {
                let failure = self.failure
                condition.unlock()
                if let failure { throw failure }
                return 0
            }
            current = filled.removeFirst()
            offset = 0
            condition.unlock()
        }
        guard let chunk = current else { return 0 }
        let n = min(capacity, chunk.count - offset)
        buffer.copyMemory(from: chunk.buffer + offset, byteCount: n)
        offset += n
        bytesProduced += Int64(n)
        rawBytesRead = chunk.rawBytesRead
        if offset == chunk.count {
            condition.lock()
            free.append(chunk.buffer)
            condition.broadcast()
            condition.unlock()
            current = nil
        }
        return n
    }
}
