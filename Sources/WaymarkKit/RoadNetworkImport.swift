import Foundation
import Geodesy
import OSMImport
import OutputFiles
import RoadNetwork
import RoadNetworkStore
import Routing

/// Imports an OSM extract into a road database, with the policy `waymark import` follows: check the
/// target before the (long) import, never replace a file that is not a road database, hash the input
/// in the same pass that parses it, record provenance and import statistics in the metadata, and
/// replace the database only when everything succeeded.
public struct RoadNetworkImport {
    /// The OSM extract (`.osm`, `.osm.gz`, `.osm.bz2`, `.osm.pbf`), or `-` for standard input.
    public var extract: String
    /// The database to write (replaced atomically), or `-` for standard output.
    public var database: String
    /// The side traffic keeps to; nil infers it from the roundabouts.
    public var drivingSide: DrivingSide?
    /// Called now and then on the reading thread during the import.
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// Recorded in the metadata as the writer (`waymark 0.1.0`).
    public var writer: String
    /// Threads importing PBF (N − 1 decode blocks while one builds); nil: one per core.
    public var threads: Int?
    /// Whether to contract and store the contraction hierarchies (`waymark import --no-ch` turns it
    /// off: a smaller database, faster import, routes by A*).
    public var contractHierarchies: Bool
    /// How the limits no way posts are estimated (`waymark import --country`, `--no-neighbour-limits`).
    public var speedLimits = SpeedLimitEstimateOptions()

    /// The most decoding threads accepted (more than any machine here has cores; each thread holds a
    /// few blocks in flight).
    public static let maximumThreads = 256

    /// The name standing for standard input and output.
    public static let standardStream = OutputDestination.standardOutputName

    public init(extract: String, database: String, drivingSide: DrivingSide? = nil,
                progress: (@Sendable (ImportProgress) -> Void)? = nil, writer: String = "waymark", threads: Int? = nil,
                contractHierarchies: Bool = true) {
        self.threads = threads
        self.contractHierarchies = contractHierarchies
        self.extract = extract
        self.database = database
        self.drivingSide = drivingSide
        self.progress = progress
        self.writer = writer
    }

    /// What an import produced.
    public struct Outcome: Sendable {
        public var statistics: ImportStatistics
        public var metadata: RoadNetworkMetadata
        /// Time spent writing the database.
        public var writeSeconds: Seconds
        /// Time spent contracting the hierarchies, or trying to when they were left out (nil with `--no-ch`).
        public var contractionSeconds: Seconds?
        /// Why hierarchies were left out although asked for: all of them when the graph contracts too
        /// densely (`ContractionHierarchyError.tooDense`; the database then has potential hierarchies for
        /// A*), or one metric's when its shortcuts pass 32 bits (`.weightOverflow`; that metric routes with A*).
        public var hierarchiesLeftOut: ContractionHierarchyError? = nil
    }

    /// Checks that the database can be written and the extract exists, before any reading.
    public func check() throws(RoadNetworkImportError) {
        if database != Self.standardStream {
            do throws(RoadNetworkStoreError) { try RoadNetworkStore.checkWritable(path: database) } catch { throw .store(error) }
            try refuseToReplaceForeignFile()
        }
        _ = try sourceName()
    }

    /// Imports and writes; `beforeWriting` is called between the two (to update a progress display).
    /// - Complexity: the import's O(input + n log n), then the store's O(size of the database).
    public func run(beforeWriting: () -> Void = {}) throws(RoadNetworkImportError) -> Outcome {
        try check()
        let name = try sourceName()
        let digest = InputDigest()
        let options = ImportOptions(progress: progress, drivingSide: drivingSide, rawInputObserver: { digest.update($0) },
                                    threads: threads, speedLimits: speedLimits)
        let result: ImportResult
        do {
            result = try OSMImporter.importFile(path: extract, options: options)
        } catch let error as OSMImportError {
            throw .osm(error)
        } catch {
            throw .osm(OSMImportError(kind: .readFailed, source: extract, detail: "\(error)"))
        }
        // An empty network never replaces an existing database: an extract damaged so that nothing in it
        // is read (or an empty one given by mistake) leaves the target as it was.
        if result.graph.nodeCount == 0, database != Self.standardStream, Self.fileHasBytes(database) {
            throw .osm(OSMImportError(kind: .noData, source: name,
                                      detail: "the import yields no road (0 routing nodes); '\(database)' is left as it was"))
        }
        beforeWriting()
        let statistics = result.statistics
        let clock = ContinuousClock()
        let contractionStarted = clock.now
        var hierarchies: [String: [String: [UInt32]]] = [:]
        var leftOut: ContractionHierarchyError?
        if contractHierarchies {
            do throws(ContractionHierarchyError) {
                (hierarchies, leftOut) = try Self.contractedHierarchies(of: result.graph)
            } catch {
                throw .contraction(error)
            }
        }
        let contractionSeconds = contractHierarchies ? Self.seconds(clock.now - contractionStarted) : nil
        var metadata = RoadNetworkMetadata.computed(
            graph: result.graph, pointsOfInterest: result.pointsOfInterest,
            sourceFileName: name, sourceSHA256: digest.finalizeHex(), sourceBytes: statistics.inputBytesRead,
            writer: writer, importStatistics: statistics.figures, drivingSideSource: result.drivingSideSource)
        metadata.speedLimitRegionOrigin = statistics.speedLimitRegionOrigin.rawValue
        metadata.hierarchyContractionSeconds = contractionSeconds
        metadata.hierarchiesLeftOut = leftOut.map { Self.leftOutText($0, stored: hierarchies) }
        let started = clock.now
        if database == Self.standardStream {
            try Self.writeToStandardOutput(graph: result.graph, pointsOfInterest: result.pointsOfInterest, metadata: metadata,
                                           hierarchies: hierarchies)
        } else {
            do throws(RoadNetworkStoreError) {
                try RoadNetworkStore.write(graph: result.graph, pointsOfInterest: result.pointsOfInterest, metadata: metadata,
                                           hierarchies: hierarchies, to: database)
            } catch {
                throw .store(error)
            }
        }
        return Outcome(statistics: statistics, metadata: metadata, writeSeconds: Self.seconds(clock.now - started),
                       contractionSeconds: contractionSeconds, hierarchiesLeftOut: leftOut)
    }

    /// Contracts both metrics' hierarchies of the graph (in parallel) into the arrays a database keeps,
    /// by hierarchy name: over turn states, or, when those fill in, potential hierarchies, with the reason
    /// the former were left out (`HierarchySource.contract`).
    static func contractedHierarchies(of graph: RoadGraph) throws(ContractionHierarchyError)
        -> (arrays: [String: [String: [UInt32]]], leftOut: ContractionHierarchyError?) {
        let router = try Router(graph: graph, hierarchies: .contract(ContractionOptions()))
        var arrays: [String: [String: [UInt32]]] = [:]
        func keep(_ name: String, _ stored: [(name: String, values: [UInt32])]) {
            arrays[name] = Dictionary(uniqueKeysWithValues: stored.map { ($0.name, $0.values) })
        }
        for metric in RoutingMetric.allCases {
            if let hierarchy = router.hierarchy(for: metric) { keep(metric.rawValue, hierarchy.storedArrays) }
            if let potentials = router.potentialHierarchy(for: metric) {
                keep(HierarchySource.potentialName(of: metric), potentials.storedArrays)
            }
        }
        return (arrays, router.hierarchiesLeftOut)
    }

    /// What the metadata says of hierarchies left out: the error, and for a metric whose shortcuts
    /// overflowed, which metric.
    static func leftOutText(_ error: ContractionHierarchyError, stored: [String: [String: [UInt32]]]) -> String {
        guard case .weightOverflow = error else { return error.description }
        let missing = RoutingMetric.allCases.filter { stored[$0.rawValue] == nil }.map(\.rawValue).joined(separator: " and ")
        return "the \(missing) hierarchy left out, its routes use A*: \(error.description)"
    }

    static func seconds(_ duration: Duration) -> Seconds {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// The one-line summary of an import: counts, sources and speeds.
    public func summary(of outcome: Outcome) -> String {
        let s = outcome.statistics, m = outcome.metadata
        let seconds = s.elapsedSeconds + (outcome.contractionSeconds ?? 0) + outcome.writeSeconds
        return "imported \(m.sourceFileName == Self.standardStream ? "standard input" : m.sourceFileName) into \(OSPath.displayed(database)): "
            + "\(m.nodeCount.withThousandsSeparators) nodes, \(m.edgeCount.withThousandsSeparators) edges, "
            + "\((m.restrictionCount + m.viaWayRestrictionCount).withThousandsSeparators) turn restrictions, "
            + "\(m.pointOfInterestCount.withThousandsSeparators) points of interest" + Self.turnLaneSummary(s) + " "
            + "(from \(s.nodesRead.withThousandsSeparators) nodes, \(s.waysRead.withThousandsSeparators) ways, "
            + "\(s.relationsRead.withThousandsSeparators) relations) "
            + String(format: "in %.2f s (import %.2f s at ", seconds, s.elapsedSeconds) + s.throughputSummary
            + contractionSummary(of: outcome)
            + String(format: "; write %.2f s)", outcome.writeSeconds)
    }

    /// `, 1,234 ways with turn lanes (5 dropped as malformed: 3 unknown arrows, 2 lane counts off)`; nothing
    /// when the extract maps no lanes.
    static func turnLaneSummary(_ s: ImportStatistics) -> String {
        guard s.waysWithTurnLanes > 0 || s.turnLaneWaysDropped > 0 else { return "" }
        let kept = ", \(s.waysWithTurnLanes.withThousandsSeparators) ways with turn lanes"
        guard s.turnLaneWaysDropped > 0 else { return kept }
        return kept + " (\(s.turnLaneWaysDropped.withThousandsSeparators) dropped as malformed: "
            + "\(s.turnLaneWaysWithUnknownIndication.withThousandsSeparators) unknown arrows, "
            + "\(s.turnLaneWaysWithLaneCountMismatch.withThousandsSeparators) lane counts off)"
    }

    /// `; contraction hierarchies 6.45 s`, or why they were left out and the potential hierarchies made
    /// instead.
    private func contractionSummary(of outcome: Outcome) -> String {
        guard let seconds = outcome.contractionSeconds else { return "" }
        guard let reason = outcome.hierarchiesLeftOut else { return String(format: "; contraction hierarchies %.2f s", seconds) }
        guard case .tooDense = reason else {
            return String(format: "; contraction hierarchies %.2f s (", seconds) + (outcome.metadata.hierarchiesLeftOut ?? reason.description) + ")"
        }
        return String(format: "; contraction hierarchies left out, potential hierarchies for A* instead, %.2f s in all: ", seconds)
            + reason.description
    }

    /// `importing: 12.3 MB of 45.6 MB (26 %), 1,234,567 elements, 456,789 elements/s` (and the blocks
    /// read for PBF).
    public static func progressLine(_ progress: ImportProgress) -> String {
        var text = "importing: " + DatabaseReport.megabytes(progress.bytesRead)
        if let total = progress.totalBytes, total > 0 {
            let percent = Int((Double(progress.bytesRead) / Double(total) * 100).rounded(.down))
            text += " of \(DatabaseReport.megabytes(total)) (\(percent) %)"
        }
        if let blocks = progress.blocks { text += ", \(blocks.withThousandsSeparators) blocks" }
        return text + ", \(progress.elements.withThousandsSeparators) elements, \(Int(progress.elementsPerSecond).withThousandsSeparators) elements/s"
    }

    /// Whether `path` names an existing file with at least one byte.
    static func fileHasBytes(_ path: String) -> Bool {
        (OSPath.size(of: path) ?? 0) > 0
    }

    /// Stops before importing when the database path names an existing file that is not a road database
    /// (say the extract itself, typed twice), which the import would otherwise replace. Waymark databases
    /// of any format version, damaged ones and empty files may be replaced. (Special files were refused
    /// before, by `checkWritable`: opening a FIFO here would block.)
    func refuseToReplaceForeignFile() throws(RoadNetworkImportError) {
        guard OSPath.exists(database).exists else { return }
        do throws(RoadNetworkStoreError) {
            _ = try RoadNetworkDatabase(path: database)
        } catch {
            switch error {
            case .notSQLite(_, let detail) where detail != "the file is empty":
                throw .foreignFile(path: database, detail: detail)
            case .notWaymarkDatabase:
                throw .foreignDatabase(path: database)
            default:
                return
            }
        }
    }

    /// The recorded name of the extract, after checking it exists. Its digest and size are taken while
    /// it is parsed (one pass), so pipes, FIFOs and `<(...)` work like files.
    func sourceName() throws(RoadNetworkImportError) -> String {
        if extract == Self.standardStream { return extract }
        let found = OSPath.exists(extract)   // the path's own bytes, not Foundation's UTF-8 conversion
        guard found.exists else { throw .extractMissing(extract) }
        if found.isDirectory { throw .extractIsDirectory(extract) }
        // Recorded as text: bytes that are not UTF-8 as `\xFF`.
        return OSPath.displayed(URL(fileURLWithPath: extract).lastPathComponent)
    }

    /// Builds the database in a private temporary directory, then copies it to standard output (SQLite
    /// needs a file it can seek in).
    static func writeToStandardOutput(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata,
                                      hierarchies: [String: [String: [UInt32]]]) throws(RoadNetworkImportError) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("waymark-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        } catch {
            throw .store(.cannotWrite(path: directory.path, reason: "cannot create a temporary directory (\(error.localizedDescription))"))
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("road.sqlite").path
        do throws(RoadNetworkStoreError) {
            try RoadNetworkStore.write(graph: graph, pointsOfInterest: pointsOfInterest, metadata: metadata,
                                       hierarchies: hierarchies, to: file)
        } catch {
            throw .store(error)
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw .store(.cannotWrite(path: file, reason: "cannot read the database just written"))
        }
        defer { try? handle.close() }
        while let data = try? handle.read(upToCount: 1 << 20), !data.isEmpty {
            let result: Result<Void, OutputError> = data.withUnsafeBytes { bytes in
                do throws(OutputError) { try StandardOutput.write(bytes); return .success(()) } catch { return .failure(error) }
            }
            do throws(OutputError) { try result.get() } catch { throw .output(error) }
        }
    }
}

/// Why an import could not be made, naming the file at fault.
public enum RoadNetworkImportError: Error, CustomStringConvertible {
    case extractMissing(String)
    case extractIsDirectory(String)
    /// The database path names an existing file that is not SQLite.
    case foreignFile(path: String, detail: String)
    /// The database path names an SQLite file not written by `waymark import`.
    case foreignDatabase(path: String)
    case osm(OSMImportError)
    case store(RoadNetworkStoreError)
    /// Standard output could not take the database.
    case output(OutputError)
    /// The contraction hierarchies could not be built.
    case contraction(ContractionHierarchyError)

    /// What an extract is expected to be.
    public static let expectedExtract = "expected an OSM extract: .osm, .osm.gz, .osm.bz2 or .osm.pbf"
    /// What to do about a foreign file in the way.
    public static let foreignFileAdvice = "remove it first or choose another path"

    public var description: String {
        switch self {
        case .extractMissing(let path): "\(path): no such file (\(Self.expectedExtract))"
        case .extractIsDirectory(let path): "\(path): is a directory (\(Self.expectedExtract))"
        case .foreignFile(let path, let detail):
            "\(path): exists and is not a road database (\(detail)); refusing to replace it (\(Self.foreignFileAdvice))"
        case .foreignDatabase(let path):
            "\(path): exists and is an SQLite file not written by 'waymark import'; refusing to replace it (\(Self.foreignFileAdvice))"
        case .osm(let error): error.description
        case .store(let error): error.description
        case .output(let error): error.description
        case .contraction(let error): "cannot build the contraction hierarchies: \(error) (import with --no-ch to route without them)"
        }
    }
}

/// The SHA-256 of the raw extract, fed by the importer's reading thread while it parses.
final class InputDigest: @unchecked Sendable {
    private let lock = NSLock()
    private var hasher = SHA256()

    func update(_ bytes: UnsafeRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        hasher.update(bytes)
    }

    func finalizeHex() -> String {
        lock.lock()
        defer { lock.unlock() }
        return hasher.finalizeHex()
    }
}

extension Int {
    /// Thousands separated by commas (`12,345`), as the README's tables print counts.
    public var withThousandsSeparators: String {
        let digits = String(magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return self < 0 ? "-" + out : out
    }
}
