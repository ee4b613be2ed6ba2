import CMalloc
import Foundation
import Geodesy
import RoadNetwork

// CONTRACT (the import helper implements the bodies; signatures are relied on by other modules/tests).

/// Options of an import.
public struct ImportOptions: Sendable {
    public var profile: CarProfile
    /// Called now and then with progress (bytes read of total, elements per second).
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// The side traffic keeps to; nil infers it from the extract's roundabouts (right when they say nothing).
    public var drivingSide: DrivingSide?
    /// Called with every raw (possibly compressed) byte of the input once, in order, as it is read, on
    /// the thread reading the input (so the caller can hash the file in the same single pass that
    /// parses it; pipes and `<(...)` cannot be read twice).
    public var rawInputObserver: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    /// Threads working on a PBF import: N - 1 decode blocks while the importing thread passes them to
    /// the collector in file order (1: all on the importing thread); nil uses one per core. The result
    /// is the same for any count. (XML is parsed on one thread, with decompression on a second.)
    public var threads: Int?
    /// How the limits no way posts are estimated (`SpeedLimitEstimator`).
    public var speedLimits: SpeedLimitEstimateOptions
    /// The most bytes of XML one attribute, text or comment may take (the reader's bound on one token,
    /// which expat buffers whole); past it the import fails with `.limitExceeded` naming the limit.
    /// Default 16 MiB.
    public var maximumXMLTokenBytes = OSMXMLDecoder.defaultMaximumTokenBytes
    public init(profile: CarProfile = CarProfile(), progress: (@Sendable (ImportProgress) -> Void)? = nil,
                drivingSide: DrivingSide? = nil, rawInputObserver: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil,
                threads: Int? = nil, speedLimits: SpeedLimitEstimateOptions = SpeedLimitEstimateOptions()) {
        self.profile = profile
        self.progress = progress
        self.drivingSide = drivingSide
        self.rawInputObserver = rawInputObserver
        self.threads = threads
        self.speedLimits = speedLimits
    }

    /// The PBF import threads this import uses.
    var effectiveThreads: Int { max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount) }
}

/// A progress report during an import.
public struct ImportProgress: Sendable {
    public var bytesRead: Int64
    /// Total input size when known (a file; not standard input).
    public var totalBytes: Int64?
    public var elements: Int
    public var elementsPerSecond: Double
    /// PBF file blocks read so far (nil for XML).
    public var blocks: Int?
    public init(bytesRead: Int64, totalBytes: Int64?, elements: Int, elementsPerSecond: Double, blocks: Int? = nil) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.elements = elements
        self.elementsPerSecond = elementsPerSecond
        self.blocks = blocks
    }
}

/// What an import produced.
public struct ImportResult: Sendable {
    public var graph: RoadGraph
    public var pointsOfInterest: [PointOfInterest]
    public var statistics: ImportStatistics
    /// Where `graph.drivingSide` came from.
    public var drivingSideSource: DrivingSideSource
}

/// Streams an OSM file (XML, gzip or bzip2 XML, or PBF) into a car road graph.
public enum OSMImporter {
    /// Imports a `.osm`, `.osm.gz`, `.osm.bz2` or `.osm.pbf` file (`-` for standard input); the format
    /// is told by the content, not the name.
    public static func importFile(path: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(ByteSource(path: path, observeRaw: options.rawInputObserver), options: options)
    }

    /// Imports OSM XML held in memory (tests, small fixtures); `sourceName` is used in error messages.
    public static func importXML(_ xml: String, sourceName: String = "<memory>", options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(ByteSource(bytes: Array(xml.utf8), sourceName: sourceName), options: options)
    }

    /// Imports an OSM file held in memory, in any format `importFile` reads.
    public static func importData(_ bytes: [UInt8], sourceName: String = "<memory>", options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(ByteSource(bytes: bytes, sourceName: sourceName), options: options)
    }

    /// Decodes the source into a collector, assembles the graph, then returns the heap pages the import
    /// freed (the collector's node table and way lists, decoding buffers) to the system: glibc would keep
    /// them resident for reuse, about 9 bytes per edge of a large graph.
    /// - Complexity: O(input bytes + n log n) for n nodes.
    static func run(_ source: ByteSource, options: ImportOptions) throws(OSMImportError) -> ImportResult {
        let result = try decodeAndAssemble(source, options: options)
        waymark_release_freed_memory()
        return result
    }

    /// Decodes the source into a collector, then assembles the graph.
    /// - Complexity: O(input bytes + n log n) for n nodes.
    private static func decodeAndAssemble(_ source: ByteSource, options: ImportOptions) throws(OSMImportError) -> ImportResult {
        let clock = ContinuousClock()
        let started = clock.now
        let legalData = options.speedLimits.estimates ? try LegalSpeedData.bundled() : nil
        let collector = ImportCollector(profile: options.profile, legalTagKeys: legalData?.rules.relevantKeys ?? [])
        if source.isPBF {
            try decodePBF(source, into: collector, options: options, started: started)
        } else {
            try decodeXML(source, into: collector, options: options, started: started)
        }
        let decoded = clock.now
        var graph = collector.assembleGraph()
        if let violation = graph.turnBoundViolation() {
            throw OSMImportError(kind: .limitExceeded, source: source.sourceName, detail: violation)
        }
        var statistics = collector.statistics
        if let legalData {
            let estimated = clock.now
            let estimator = SpeedLimitEstimator(rules: legalData.rules, boundaries: legalData.boundaries,
                                                options: options.speedLimits, walkingPace: options.profile.walkingPace)
            let outcome = estimator.estimate(graph, wayTags: collector.wayTagSets, builtUpAreas: collector.builtUpAreas)
            graph = outcome.graph
            statistics.speedLimitRegionOrigin = outcome.regionOrigin
            statistics.speedLimitEstimateSeconds = (clock.now - estimated).seconds
        }
        let votes = DrivingSideInference.votes(in: graph)
        statistics.clockwiseRoundabouts = votes.clockwise
        statistics.counterclockwiseRoundabouts = votes.counterclockwise
        let drivingSideSource: DrivingSideSource
        if let side = options.drivingSide {
            graph.drivingSide = side
            drivingSideSource = .option
        } else if let side = votes.side {
            graph.drivingSide = side
            drivingSideSource = .roundabouts
        } else {
            graph.drivingSide = .right
            drivingSideSource = .assumed
        }
        statistics.decodeSeconds = (decoded - started).seconds
        statistics.assemblySeconds = (clock.now - decoded).seconds
        statistics.elapsedSeconds = (clock.now - started).seconds
        if let progress = options.progress {
            progress(ImportProgress(bytesRead: statistics.inputBytesRead, totalBytes: source.totalBytes, elements: statistics.elementsRead,
                                    elementsPerSecond: statistics.elapsedSeconds > 0 ? Double(statistics.elementsRead) / statistics.elapsedSeconds : 0,
                                    blocks: source.isPBF ? statistics.pbfBlocks : nil))
        }
        return ImportResult(graph: graph, pointsOfInterest: collector.pointsOfInterest, statistics: statistics,
                            drivingSideSource: drivingSideSource)
    }

    /// Parses (decompressed) XML into the collector and records the decoding counts.
    private static func decodeXML(_ source: ByteSource, into collector: ImportCollector, options: ImportOptions,
                                  started: ContinuousClock.Instant) throws(OSMImportError) {
        let decoder = OSMXMLDecoder(receiver: collector, sourceName: source.sourceName, nodeTagKeys: ImportCollector.nodeTagKeys,
                                   wayTagKeys: collector.wayTagKeysWanted, relationTagKeys: ImportCollector.relationTagKeys,
                                   maximumTokenBytes: options.maximumXMLTokenBytes)
        // Compressed input is decompressed on a second thread while expat parses.
        let prefetcher = source.compression == .none ? nil : PrefetchingReader(source: source)
        defer { prefetcher?.close() }
        func rawBytesRead() -> Int64 { prefetcher?.rawBytesRead ?? source.rawBytesRead }
        let report = ProgressThrottle(options.progress, totalBytes: source.totalBytes, started: started)
        try decoder.decode(read: { buffer, capacity throws(OSMImportError) in
            if let prefetcher { return try prefetcher.read(into: buffer, capacity: capacity) }
            return try source.read(into: buffer, capacity: capacity)
        }, onChunk: {
            report.maybe(bytesRead: rawBytesRead(), elements: decoder.elementCount, blocks: nil)
        })
        collector.statistics.format = .xml
        collector.statistics.nodesRead = decoder.nodeCount
        collector.statistics.waysRead = decoder.wayCount
        collector.statistics.relationsRead = decoder.relationCount
        collector.statistics.deletedElementsSkipped = decoder.deletedCount
        collector.statistics.nodeRefsWithoutRef = decoder.ndWithoutRefCount
        collector.statistics.xmlBytesRead = prefetcher?.bytesProduced ?? source.bytesProduced
        collector.statistics.inputBytesRead = rawBytesRead()
    }

    /// Decodes PBF blocks with `options.threads` threads into the collector (in file order) and records the counts.
    private static func decodePBF(_ source: ByteSource, into collector: ImportCollector, options: ImportOptions,
                                  started: ContinuousClock.Instant) throws(OSMImportError) {
        let threads = options.effectiveThreads
        let decoder = OSMPBFDecoder(receiver: collector, sourceName: source.sourceName, nodeTagKeys: ImportCollector.nodeTagKeys,
                                    wayTagKeys: collector.wayTagKeysWanted, relationTagKeys: ImportCollector.relationTagKeys,
                                    threads: threads)
        let report = ProgressThrottle(options.progress, totalBytes: source.totalBytes, started: started)
        try decoder.decode(source) { bytesRead in
            report.maybe(bytesRead: bytesRead, elements: decoder.elementCount, blocks: decoder.blockCount)
        }
        collector.statistics.format = .pbf
        collector.statistics.nodesRead = decoder.nodeCount
        collector.statistics.waysRead = decoder.wayCount
        collector.statistics.relationsRead = decoder.relationCount
        collector.statistics.deletedElementsSkipped = decoder.deletedCount
        collector.statistics.pbfBlocks = decoder.blockCount
        collector.statistics.pbfBytesDecoded = decoder.uncompressedBytes
        collector.statistics.decodingThreads = threads
        collector.statistics.inputBytesRead = source.rawBytesRead
    }
}

/// Calls a progress handler at most twice a second while decoding.
final class ProgressThrottle {
    private let handler: (@Sendable (ImportProgress) -> Void)?
    private let totalBytes: Int64?
    private let started: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    private let clock = ContinuousClock()

    init(_ handler: (@Sendable (ImportProgress) -> Void)?, totalBytes: Int64?, started: ContinuousClock.Instant) {
        self.handler = handler
        self.totalBytes = totalBytes
        self.started = started
        last = started
    }

    func maybe(bytesRead: @autoclosure () -> Int64, elements: Int, blocks: Int?) {
        guard let handler else { return }
        let now = clock.now
        guard now - last >= .milliseconds(500) else { return }
        last = now
        let elapsed = (now - started).seconds
        handler(ImportProgress(bytesRead: bytesRead(), totalBytes: totalBytes, elements: elements,
                               elementsPerSecond: elapsed > 0 ? Double(elements) / elapsed : 0, blocks: blocks))
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Seconds {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
