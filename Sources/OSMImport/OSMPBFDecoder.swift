import Foundation

/// A streaming OSM PBF decoder: file blocks in, nodes/ways/relations out to an `OSMElementReceiver`,
/// the same receiver calls, with the same tag filtering, as `OSMXMLDecoder` makes.
///
/// A reader thread reads the file block by block (so standard input works, and the raw-input observer
/// sees every byte in order), worker threads decompress and decode `OSMData` blocks, and the importing
/// thread passes the decoded elements to the receiver strictly in file order (`PBFBlockPipeline`). At most
/// `window` blocks are in flight, which bounds memory; the receiver sees exactly the same calls for any
/// number of threads, so the import is deterministic. A damaged block is reported when its turn comes,
/// so the error names the first damaged block in the file whatever the thread count.
final class OSMPBFDecoder {
    private let receiver: any OSMElementReceiver
    private let sourceName: String
    private let decoder: PBFPrimitiveBlockDecoder
    /// Worker threads (0: decode on the calling thread).
    private let workers: Int
    /// Blocks read but not yet passed to the receiver, at most.
    let window: Int
    /// Enough to keep every worker busy while the receiver takes one block; few enough that memory
    /// stays a few megabytes per thread (blocks are usually 8,000 elements, 0.1-1 MB).
    static let blocksInFlightPerThread = 4

    private(set) var nodeCount = 0
    private(set) var wayCount = 0
    private(set) var relationCount = 0
    private(set) var deletedCount = 0
    var elementCount: Int { nodeCount + wayCount + relationCount }
    /// File blocks read (header, data and skipped ones): during decoding, the number of the last block passed on.
    private(set) var blockCount = 0
    /// Bytes of the decompressed data blocks passed on.
    private(set) var uncompressedBytes: Int64 = 0
    private(set) var header: PBFHeaderBlock?

    /// - Parameters:
    ///   - threads: threads working on the blocks: 1 does everything on the calling thread; N starts
    ///     N - 1 decoding workers while the calling thread passes their blocks on (plus a reader thread).
    init(receiver: any OSMElementReceiver, sourceName: String, nodeTagKeys: [String], wayTagKeys: [String]?,
         relationTagKeys: [String]?, threads: Int) {
        self.receiver = receiver
        self.sourceName = sourceName
        decoder = PBFPrimitiveBlockDecoder(filters: PBFTagFilters(nodeTagKeys: nodeTagKeys, wayTagKeys: wayTagKeys,
                                                                  relationTagKeys: relationTagKeys))
        workers = max(0, threads - 1)
        window = Self.blocksInFlightPerThread * max(1, threads)
    }

    /// Decodes the whole stream, calling `onBlock` after every data block passed on (for progress).
    func decode(_ source: ByteSource, onBlock: (_ bytesRead: Int64) -> Void) throws(OSMImportError) {
        let framer = PBFBlockFramer(source: source)
        try readHeader(framer)
        let pipeline = PBFBlockPipeline(framer: framer, decoder: decoder, workers: workers, window: window)
        defer { pipeline.shutdown() }
        while let step = try pipeline.next() {
            switch step.outcome {
            case .success(let block):
                try pass(block, number: step.number, offset: step.offset)
                blockCount = step.number
                onBlock(step.endOffset)
            case .failure(let problem):
                throw OSMImportError(kind: problem.kind, source: sourceName, block: step.number, blockOffset: step.offset, detail: problem.detail)
            }
        }
        pipeline.shutdown()
        blockCount = pipeline.blocksRead
        skippedBlockCount = pipeline.skippedBlockCount
        // Skipping unknown block types is what the format asks, but a file whose every data-bearing block
        // was skipped (one flipped bit in "OSMData") would import as an empty network and replace a good one.
        if nodeCount == 0, let type = pipeline.firstSkippedType {
            throw OSMImportError(kind: .noData, source: sourceName,
                                 detail: "no nodes read: \(pipeline.skippedBlockCount) of the file's \(blockCount) blocks have a type "
                                    + "this reader does not know (the first '\(printable(type))'), expected 'OSMData' blocks")
        }
    }

    /// Blocks of unknown types skipped.
    private(set) var skippedBlockCount = 0

    /// Reads block 1, which must be the OSMHeader, and refuses files needing features this reader lacks.
    private func readHeader(_ framer: PBFBlockFramer) throws(OSMImportError) {
        guard let block = try framer.next() else {
            throw OSMImportError(kind: .emptyInput, source: sourceName, detail: "the file is empty, expected OSM data")
        }
        blockCount = 1
        func failure(_ kind: OSMImportError.Kind, _ detail: String) -> OSMImportError {
            OSMImportError(kind: kind, source: sourceName, block: block.number, blockOffset: block.offset, detail: detail)
        }
        guard block.type == "OSMHeader" else {
            throw failure(.malformedPBF, "the first block is '\(printable(block.type))', expected the OSMHeader block")
        }
        do throws(PBFBlockProblem) {
            let bytes = try block.blob.withBytes { blob throws(PBFBlockProblem) in try PBFBlob.decompress(blob) }
            let header = try bytes.withBytes { raw throws(PBFBlockProblem) in try PBFHeaderBlock.decode(raw) }
            try header.checkSupported()
            self.header = header
        } catch {
            throw failure(error.kind, error.detail)
        }
    }

    /// Hands a decoded block's elements to the receiver, in file order.
    private func pass(_ block: PBFDecodedBlock, number: Int, offset: Int64) throws(OSMImportError) {
        var node = 0, way = 0, relation = 0
        do throws(ElementProblem) {
            for run in block.runs {
                switch run.kind {
                case .node:
                    for i in node..<(node + run.count) {
                        try receiver.receiveNode(id: block.nodeIDs[i], latitudeE7: block.nodeLatitudesE7[i],
                                                 longitudeE7: block.nodeLongitudesE7[i], tags: block.nodeTags[i])
                    }
                    node += run.count
                case .way:
                    for i in way..<(way + run.count) {
                        let w = block.ways[i]
                        try receiver.receiveWay(id: w.id, nodeRefs: w.refs, tags: w.tags)
                    }
                    way += run.count
                case .relation:
                    for i in relation..<(relation + run.count) {
                        let r = block.relations[i]
                        try receiver.receiveRelation(id: r.id, members: r.members, tags: r.tags)
                    }
                    relation += run.count
                }
            }
        } catch {
            throw OSMImportError(kind: error.kind, source: sourceName, block: number, blockOffset: offset, detail: error.detail)
        }
        nodeCount += node
        wayCount += way
        relationCount += relation
        deletedCount += block.deletedCount
        uncompressedBytes += Int64(block.uncompressedBytes)
    }
}
