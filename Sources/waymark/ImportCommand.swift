import ArgumentParser
import Foundation
import Geodesy
import OSMImport
import OutputFiles
import RoadNetwork
import RoadNetworkStore

/// `waymark import EXTRACT --db CITY.sqlite`: imports an OSM extract into a road database.
///
/// Shows progress on standard error when it is a terminal, and always ends with a one-line summary on
/// standard output. The database is replaced only when the whole import succeeded.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an OSM extract (.osm, .osm.gz, .osm.bz2, .osm.pbf, or - for standard input) into a road database.",
        discussion: """
            Example: waymark import osm/sample-town.osm --db town.sqlite
            The format is told by the content, not the name (standard input too). PBF blocks are decoded on
            every core (--threads to choose); the database is the same for any number of threads.
            An existing database at the --db path is replaced only after the import succeeded.
            Without --driving-side the side traffic keeps to is inferred from the direction of the extract's
            roundabouts (clockwise rings mean left-hand traffic); with none, right is assumed ('waymark info' says so).
            """)

    @Argument(help: "The OSM extract (.osm, .osm.gz, .osm.bz2 or .osm.pbf), or - to read standard input.")
    var extract: String

    @Option(name: .long, help: "The road database to write (replaced atomically).")
    var db: String

    @Flag(name: .long, help: "No progress display even on a terminal.")
    var quiet = false

    @Option(name: .long, help: "The side traffic keeps to: left or right (default: inferred from the roundabouts, else right).")
    var drivingSide: String?

    @Option(name: .long, help: "Threads importing PBF, 1 ... \(ImportCommand.maximumThreads): N - 1 decode blocks while one builds (default: one per core).")
    var threads: Int?

    func validate() throws {
        if let threads { try NumericOption.check(threads, option: "--threads", range: 1...Self.maximumThreads, unit: "a thread count") }
    }

    func run() throws {
        try reportingFailures { try importAndWrite() }
    }

    private func importAndWrite() throws {
        let side = try drivingSide.map { try RouteCommand.choice(DrivingSide.self, $0, option: "--driving-side") }
        guard !db.isEmpty else { throw CommandFailure(message: "--db: the path is empty (expected the road database's file name)") }
        if db != OutputDestination.standardOutputName {
            try RoadNetworkStore.checkWritable(path: db)
            try refuseToReplaceForeignFile()
        }
        let name = try sourceName()
        let digest = InputDigest()

        let showProgress = !quiet && isatty(2) == 1
        let progress: (@Sendable (ImportProgress) -> Void)? = showProgress ? ImportCommand.show : nil
        let options = ImportOptions(progress: progress, drivingSide: side, rawInputObserver: { digest.update($0) }, threads: threads)
        let result: ImportResult
        do {
            result = try OSMImporter.importFile(path: extract, options: options)
        } catch {
            if showProgress { printError("") }
            throw error
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[Kwriting \(db) ...".utf8)) }

        let statistics = result.statistics
        let metadata = RoadNetworkMetadata.computed(
            graph: result.graph, pointsOfInterest: result.pointsOfInterest,
            sourceFileName: name, sourceSHA256: digest.finalizeHex(),
            sourceBytes: statistics.inputBytesRead,
            writer: "waymark \(Waymark.configuration.version)", importStatistics: statistics.figures,
            drivingSideSource: result.drivingSideSource)
        let clock = ContinuousClock()
        let writeStarted = clock.now
        if db == OutputDestination.standardOutputName {
            try Self.writeToStandardOutput(graph: result.graph, pointsOfInterest: result.pointsOfInterest, metadata: metadata)
        } else {
            try RoadNetworkStore.write(graph: result.graph, pointsOfInterest: result.pointsOfInterest, metadata: metadata, to: db)
        }
        let writeSeconds = Self.seconds(clock.now - writeStarted)
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let line = summary(result, metadata: metadata, writeSeconds: writeSeconds) + "\n"
        // With the database itself on standard output, the summary goes to standard error.
        if db == OutputDestination.standardOutputName { printError(line.dropLast() + "") } else { try writeOutput(line) }
    }

    /// `--db -`: builds the database in a private temporary directory, then copies it to standard output
    /// (SQLite needs a file it can seek in).
    private static func writeToStandardOutput(graph: RoadGraph, pointsOfInterest: [PointOfInterest], metadata: RoadNetworkMetadata) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("road.sqlite").path
        try RoadNetworkStore.write(graph: graph, pointsOfInterest: pointsOfInterest, metadata: metadata, to: file)
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw CommandFailure(message: "\(file): cannot read the database just written")
        }
        defer { try? handle.close() }
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
            try data.withUnsafeBytes { bytes in try StandardOutput.write(bytes) }
        }
    }

    /// Stops before importing when `--db` names an existing file that is not a road database (say the
    /// extract itself, typed twice), which the import would otherwise replace. Waymark databases of
    /// any format version, damaged ones and empty files may be replaced. (Special files were refused
    /// before: opening a FIFO here would block.)
    private func refuseToReplaceForeignFile() throws {
        guard FileManager.default.fileExists(atPath: db) else { return }
        do {
            _ = try RoadNetworkDatabase(path: db)
        } catch {
            switch error {
            case .notSQLite(_, let detail) where detail != "the file is empty":
                throw CommandFailure(message: "\(db): exists and is not a road database (\(detail)); refusing to replace it with --db (remove it first or choose another path)")
            case .notWaymarkDatabase:
                throw CommandFailure(message: "\(db): exists and is an SQLite file not written by 'waymark import'; refusing to replace it with --db (remove it first or choose another path)")
            default:
                return
            }
        }
    }

    /// The recorded name of the extract, after checking it exists. Its digest and size are taken while
    /// it is parsed (one pass), so pipes, FIFOs and `<(...)` work like files.
    private func sourceName() throws -> String {
        if extract == "-" { return "-" }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: extract, isDirectory: &isDirectory) else {
            throw CommandFailure(message: "\(extract): no such file (expected an OSM extract: .osm, .osm.gz, .osm.bz2 or .osm.pbf)")
        }
        if isDirectory.boolValue {
            throw CommandFailure(message: "\(extract): is a directory (expected an OSM extract: .osm, .osm.gz, .osm.bz2 or .osm.pbf)")
        }
        return URL(fileURLWithPath: extract).lastPathComponent
    }

    /// One progress line, redrawn in place.
    @Sendable static func show(_ progress: ImportProgress) {
        var text = "\r\u{1B}[Kimporting: " + megabytes(progress.bytesRead)
        if let total = progress.totalBytes, total > 0 {
            let percent = Int((Double(progress.bytesRead) / Double(total) * 100).rounded(.down))
            text += " of \(megabytes(total)) (\(percent) %)"
        }
        if let blocks = progress.blocks { text += ", \(blocks.withThousandsSeparators) blocks" }
        text += ", \(progress.elements.withThousandsSeparators) elements, \(Int(progress.elementsPerSecond).withThousandsSeparators) elements/s"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func seconds(_ duration: Duration) -> Seconds {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    private func summary(_ result: ImportResult, metadata: RoadNetworkMetadata, writeSeconds: Seconds) -> String {
        let s = result.statistics
        let seconds = s.elapsedSeconds + writeSeconds
        return "imported \(metadata.sourceFileName == "-" ? "standard input" : metadata.sourceFileName) into \(db): "
            + "\(metadata.nodeCount.withThousandsSeparators) nodes, \(metadata.edgeCount.withThousandsSeparators) edges, "
            + "\((metadata.restrictionCount + metadata.viaWayRestrictionCount).withThousandsSeparators) turn restrictions, \(metadata.pointOfInterestCount.withThousandsSeparators) points of interest "
            + "(from \(s.nodesRead.withThousandsSeparators) nodes, \(s.waysRead.withThousandsSeparators) ways, \(s.relationsRead.withThousandsSeparators) relations) "
            + String(format: "in %.2f s (import %.2f s at ", seconds, s.elapsedSeconds) + s.throughputSummary
            + String(format: "; write %.2f s)", writeSeconds)
    }
}

extension ImportStatistics {
    /// The importer's counts as named figures for the database metadata (`waymark info` shows them).
    /// Names match the shared extracts' manifest.json where the meaning is the same.
    var figures: [RoadNetworkMetadata.ImportFigure] {
        [
            .init(name: "nodes", value: nodesRead),
            .init(name: "ways", value: waysRead),
            .init(name: "relations", value: relationsRead),
            .init(name: "duplicate_node_ids", value: duplicateNodeIDs),
            .init(name: "nd_without_ref", value: nodeRefsWithoutRef),
            .init(name: "highway_ways", value: highwayWays),
            .init(name: "maxspeed_ways", value: waysWithMaxspeedTag),
            .init(name: "highway_ways_with_maxspeed", value: highwayWaysWithMaxspeedTag),
            .init(name: "drivable_ways", value: drivableWays),
            .init(name: "drivable_ways_with_maxspeed", value: drivableWaysWithMaxspeedTag),
            .init(name: "unreadable_maxspeed_ways", value: unreadableMaxspeedWays),
            .init(name: "ferry_ways", value: ferryWays),
            .init(name: "car_ferry_ways", value: carFerryWays),
            .init(name: "missing_node_refs_dropped", value: missingNodeRefsDropped),
            .init(name: "ways_with_missing_nodes", value: waysWithMissingNodes),
            .init(name: "ways_dropped", value: waysDropped),
            .init(name: "restriction_relations", value: restrictionRelations),
            .init(name: "restrictions_kept", value: restrictionsKept),
            .init(name: "restrictions_skipped", value: restrictionsSkipped),
            .init(name: "restrictions_with_via_way", value: restrictionsWithViaWay),
            .init(name: "via_way_restrictions_kept", value: viaWayRestrictionsKept),
            .init(name: "via_way_restrictions_malformed", value: viaWayRestrictionsMalformed),
            .init(name: "via_way_restrictions_missing_ways", value: viaWayRestrictionsMissingWays),
            .init(name: "via_way_restrictions_unconnected", value: viaWayRestrictionsUnconnected),
            .init(name: "restrictions_not_for_cars", value: restrictionsNotForCars),
            .init(name: "roundabouts_clockwise", value: clockwiseRoundabouts),
            .init(name: "roundabouts_counterclockwise", value: counterclockwiseRoundabouts),
            .init(name: "xml_bytes", value: Int(xmlBytesRead)),
            .init(name: "input_bytes", value: Int(inputBytesRead)),
            .init(name: "import_milliseconds", value: Int((elapsedSeconds * 1000).rounded())),
            .init(name: "pbf_blocks", value: pbfBlocks),
        ]
    }
}

extension Int {
    /// Thousands separated by commas (`12,345`), as the README's tables print counts.
    var withThousandsSeparators: String {
        let digits = String(magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return self < 0 ? "-" + out : out
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
