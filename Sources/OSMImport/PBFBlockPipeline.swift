import Foundation

/// Reads, decompresses and decodes `OSMData` blocks, handing them out strictly in file order.
///
/// With workers, a reader thread frames blocks from the file (so the raw-input observer, which hashes
/// the file, runs there too) and worker threads decompress and decode them, while the caller takes
/// finished blocks in file order and passes them on. At most `window` blocks are read but not yet
/// taken, which bounds memory whatever the file size. Without workers, `next()` does all of it on the
/// calling thread. Either way the caller sees the same blocks in the same order, and a read error
/// arrives in its place in that order, after every block before it.
///
/// Contract: `next()` is called from one thread; `shutdown()` (also run on deinit) stops and joins
/// every thread, so none outlives the import.
final class PBFBlockPipeline: @unchecked Sendable {
    typealias Outcome = Result<PBFDecodedBlock, PBFBlockProblem>

    /// One data block's place in the file and what decoding it gave.
    struct Step {
        var number: Int
        var offset: Int64
        /// File bytes read up to the end of this block (for progress).
        var endOffset: Int64
        var outcome: Outcome
    }

    /// A block read and queued, or the read error (or end) that stopped reading.
    private enum Entry {
        case data(number: Int, offset: Int64, endOffset: Int64)
        case failure(OSMImportError)
    }

    private let framer: PBFBlockFramer
    private let decoder: PBFPrimitiveBlockDecoder
    private let workerCount: Int
    private let window: Int

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var entries: [Entry] = []
    private var entryHead = 0
    private var jobs: [PBFFileBlock] = []
    private var jobHead = 0
    private var results: [Int: Outcome] = [:]
    private var readingDone = false
    private var stopping = false
    private var runningWorkers = 0
    private var readerRunning = false
    /// The reader is inside a read of the input (which may block on a pipe whose writer stalls).
    private var readerInRead = false

    /// Blocks framed so far, header included (guarded by `condition` when there are workers; read it
    /// once `next()` has returned nil).
    private(set) var blocksRead = 0

    /// - Parameters:
    ///   - workers: decoding threads (0: everything on the caller's thread).
    ///   - window: blocks read but not yet taken, at most.
    init(framer: PBFBlockFramer, decoder: PBFPrimitiveBlockDecoder, workers: Int, window: Int) {
        self.framer = framer
        self.decoder = decoder
        workerCount = workers
        self.window = max(1, window)
        guard workers > 0 else { return }
        runningWorkers = workers
        readerRunning = true
        start("waymark-pbf-read", { $0.readAll() }, finish: { $0.readerRunning = false })
        for index in 0..<workers {
            start("waymark-pbf-\(index + 1)", { $0.work() }, finish: { $0.runningWorkers -= 1 })
        }
    }

    deinit { shutdown() }

    /// Starts a thread running `body`, then `finish` under the lock (which wakes `shutdown`). The
    /// thread holds the pipeline (and through it the framer and the input) until it ends.
    private func start(_ name: String, _ body: @escaping @Sendable (PBFBlockPipeline) -> Void,
                       finish: @escaping @Sendable (PBFBlockPipeline) -> Void) {
        let thread = Thread { [self] in
            body(self)
            condition.lock()
            finish(self)
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Decodes one block: Blob -> bytes -> elements.
    static func decode(_ block: PBFFileBlock, with decoder: PBFPrimitiveBlockDecoder) -> Outcome {
        do throws(PBFBlockProblem) {
            let bytes = try block.blob.withBytes { blob throws(PBFBlockProblem) in try PBFBlob.decompress(blob) }
            return .success(try bytes.withBytes { raw throws(PBFBlockProblem) in try decoder.decode(raw) })
        } catch {
            return .failure(error)
        }
    }

    /// The next data block in file order, nil after the last; throws the read error where it occurred.
    func next() throws(OSMImportError) -> Step? {
        guard workerCount > 0 else { return try nextOnThisThread() }
        condition.lock()
        defer { condition.unlock() }
        while entryHead == entries.count && !readingDone { condition.wait() }
        guard entryHead < entries.count else { return nil }
        let entry = entries[entryHead]
        entryHead += 1
        condition.broadcast()   // the reader may read on
        switch entry {
        case .failure(let error):
            throw error
        case .data(let number, let offset, let endOffset):
            while results[number] == nil { condition.wait() }
            return Step(number: number, offset: offset, endOffset: endOffset, outcome: results.removeValue(forKey: number)!)
        }
    }

    private func nextOnThisThread() throws(OSMImportError) -> Step? {
        while let block = try framer.next() {
            blocksRead = block.number
            // Other block types are skipped, as the format asks of readers that do not know them.
            guard block.type == "OSMData" else { noteSkipped(block.type); continue }
            return Step(number: block.number, offset: block.offset, endOffset: framer.offset, outcome: Self.decode(block, with: decoder))
        }
        return nil
    }

    /// Blocks of other types than `OSMData` skipped so far, and the type of the first (read after
    /// `shutdown()`, or from the importing thread when there are no workers).
    private(set) var skippedBlockCount = 0
    private(set) var firstSkippedType: String?

    private func noteSkipped(_ type: String) {
        skippedBlockCount += 1
        if firstSkippedType == nil { firstSkippedType = type }
    }

    /// Stops every thread after its current block and waits for them to exit; a reader blocked in a
    /// read of a stalled pipe is not waited for (it stops after that read, holding what it uses).
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while runningWorkers > 0 || (readerRunning && !readerInRead) { condition.wait() }
        jobs.removeAll()
        results.removeAll()
        condition.unlock()
    }

    // MARK: Threads

    /// The reader thread: frames blocks while fewer than `window` wait to be taken.
    private func readAll() {
        while true {
            condition.lock()
            while entries.count - entryHead >= window && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            if entryHead > 64 { entries.removeFirst(entryHead); entryHead = 0 }
            readerInRead = true
            condition.unlock()

            let entry: Entry?
            var job: PBFFileBlock?
            var number: Int?
            do throws(OSMImportError) {
                if let block = try framer.next() {
                    number = block.number
                    if block.type == "OSMData" {
                        entry = .data(number: block.number, offset: block.offset, endOffset: framer.offset)
                        job = block
                    } else {
                        entry = nil   // skipped block type
                        condition.lock()
                        noteSkipped(block.type)
                        condition.unlock()
                    }
                } else {
                    condition.lock()
                    readerInRead = false
                    readingDone = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
            } catch {
                entry = .failure(error)
            }
            condition.lock()
            readerInRead = false
            if let number { blocksRead = number }
            if let entry { entries.append(entry) }
            if let job { jobs.append(job) }
            let failed = if case .some(.failure) = entry { true } else { false }
            if failed { readingDone = true }
            condition.broadcast()
            condition.unlock()
            if failed { return }
        }
    }

    /// A worker thread: decodes queued blocks until told to stop.
    private func work() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while jobHead == jobs.count && !stopping { condition.wait() }
            if stopping { return }
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
    }
}
