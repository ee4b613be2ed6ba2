import Foundation

/// Decompresses and decodes `OSMData` blocks on worker threads; results are taken back by block
/// number, so the caller merges them in file order whatever order the workers finish in.
///
/// Memory is bounded by the caller, who submits at most a window of blocks before taking the oldest.
/// With no worker threads, `submit` decodes on the calling thread (the one-thread import).
///
/// Contract: `submit` and `take` are called from one thread; `shutdown` (also called on deinit) stops
/// the workers and waits for them, so no worker outlives the import.
final class PBFDecodingPool: @unchecked Sendable {
    typealias Outcome = Result<PBFDecodedBlock, PBFBlockProblem>

    private let decoder: PBFPrimitiveBlockDecoder
    private let condition = NSCondition()
    private var jobs: [PBFFileBlock] = []
    private var jobHead = 0
    private var results: [Int: Outcome] = [:]
    private var stopping = false
    private var runningWorkers = 0
    private let workerCount: Int

    init(decoder: PBFPrimitiveBlockDecoder, workers: Int) {
        self.decoder = decoder
        workerCount = workers
        runningWorkers = workers
        for index in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "waymark-pbf-\(index + 1)"
            thread.start()
        }
    }

    deinit { shutdown() }

    /// Decodes one block: Blob -> bytes -> elements.
    static func decode(_ block: PBFFileBlock, with decoder: PBFPrimitiveBlockDecoder) -> Outcome {
        do throws(PBFBlockProblem) {
            let bytes = try block.blob.withBytes { blob throws(PBFBlockProblem) in try PBFBlob.decompress(blob) }
            return .success(try bytes.withBytes { raw throws(PBFBlockProblem) in try decoder.decode(raw) })
        } catch {
            return .failure(error)
        }
    }

    /// Queues a block for decoding (or decodes it now without workers).
    func submit(_ block: PBFFileBlock) {
        if workerCount == 0 {
            results[block.number] = Self.decode(block, with: decoder)
            return
        }
        condition.lock()
        jobs.append(block)
        condition.signal()
        condition.unlock()
    }

    /// Waits for the block with this number (which must have been submitted) and hands over its result.
    func take(_ number: Int) -> Outcome {
        if workerCount == 0 { return results.removeValue(forKey: number)! }
        condition.lock()
        defer { condition.unlock() }
        while results[number] == nil { condition.wait() }
        return results.removeValue(forKey: number)!
    }

    /// Stops the workers after their current block and waits for them to exit.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        jobs.removeAll()
        results.removeAll()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while jobHead == jobs.count && !stopping { condition.wait() }
            if stopping { break }
            let block = jobs[jobHead]
            jobs[jobHead].blob = []   // the bytes now belong to this worker only
            jobHead += 1
            if jobHead == jobs.count { jobs.removeAll(keepingCapacity: true); jobHead = 0 }
            condition.unlock()
            let outcome = Self.decode(block, with: decoder)
            condition.lock()
            results[block.number] = outcome
            condition.broadcast()
        }
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }
}
