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
    public init(profile: CarProfile = CarProfile(), progress: (@Sendable (ImportProgress) -> Void)? = nil,
                drivingSide: DrivingSide? = nil, rawInputObserver: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil) {
        self.profile = profile
        self.progress = progress
        self.drivingSide = drivingSide
        self.rawInputObserver = rawInputObserver
    }
}

/// A progress report during an import.
public struct ImportProgress: Sendable {
    public var bytesRead: Int64
    /// Total input size when known (a file; not standard input).
    public var totalBytes: Int64?
    public var elements: Int
    public var elementsPerSecond: Double
    public init(bytesRead: Int64, totalBytes: Int64?, elements: Int, elementsPerSecond: Double) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.elements = elements
        self.elementsPerSecond = elementsPerSecond
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

/// Streams an OSM XML file into a car road graph.
public enum OSMImporter {
    /// Imports a `.osm`, `.osm.gz` or `.osm.bz2` file (`-` for standard input).
    public static func importFile(path: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(ByteSource(path: path, observeRaw: options.rawInputObserver), options: options)
    }

    /// Imports OSM XML held in memory (tests, small fixtures); `sourceName` is used in error messages.
    public static func importXML(_ xml: String, sourceName: String = "<memory>", options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try run(ByteSource(bytes: Array(xml.utf8), sourceName: sourceName), options: options)
    }

    /// Decodes the source into a collector, then assembles the graph.
    /// - Complexity: O(input bytes + n log n) for n nodes.
    static func run(_ source: ByteSource, options: ImportOptions) throws(OSMImportError) -> ImportResult {
        let clock = ContinuousClock()
        let started = clock.now
        let collector = ImportCollector(profile: options.profile)
        let decoder = OSMXMLDecoder(receiver: collector, sourceName: source.sourceName, nodeTagKeys: ImportCollector.nodeTagKeys,
                                   wayTagKeys: ImportCollector.wayTagKeys, relationTagKeys: ImportCollector.relationTagKeys)
        // Compressed input is decompressed on a second thread while expat parses.
        let prefetcher = source.compression == .none ? nil : PrefetchingReader(source: source)
        defer { prefetcher?.close() }
        func rawBytesRead() -> Int64 { prefetcher?.rawBytesRead ?? source.rawBytesRead }
        var lastReport = started
        try decoder.decode(read: { buffer, capacity throws(OSMImportError) in
            if let prefetcher { return try prefetcher.read(into: buffer, capacity: capacity) }
            return try source.read(into: buffer, capacity: capacity)
        }, onChunk: {
            guard let progress = options.progress else { return }
            let now = clock.now
            guard now - lastReport >= .milliseconds(500) else { return }
            lastReport = now
            let elapsed = (now - started).seconds
            progress(ImportProgress(bytesRead: rawBytesRead(), totalBytes: source.totalBytes,
                                    elements: decoder.elementCount,
                                    elementsPerSecond: elapsed > 0 ? Double(decoder.elementCount) / elapsed : 0))
        })
        collector.statistics.nodesRead = decoder.nodeCount
        collector.statistics.waysRead = decoder.wayCount
        collector.statistics.relationsRead = decoder.relationCount
        collector.statistics.deletedElementsSkipped = decoder.deletedCount
        collector.statistics.nodeRefsWithoutRef = decoder.ndWithoutRefCount
        let decoded = clock.now
        var graph = collector.assembleGraph()
        var statistics = collector.statistics
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
        statistics.xmlBytesRead = prefetcher?.bytesProduced ?? source.bytesProduced
        statistics.inputBytesRead = rawBytesRead()
        statistics.elapsedSeconds = (clock.now - started).seconds
        if let progress = options.progress {
            progress(ImportProgress(bytesRead: rawBytesRead(), totalBytes: source.totalBytes, elements: decoder.elementCount,
                                    elementsPerSecond: statistics.elapsedSeconds > 0 ? Double(decoder.elementCount) / statistics.elapsedSeconds : 0))
        }
        return ImportResult(graph: graph, pointsOfInterest: collector.pointsOfInterest, statistics: statistics,
                            drivingSideSource: drivingSideSource)
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Seconds {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
