import ArgumentParser
import ARExport
import Geodesy
import OutputFiles
import Places
import WaymarkKit

/// `waymark markers`: routes, runs guidance, and writes the AR marker list (json, geojson, csv, gpx).
struct MarkersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markers",
        abstract: "Write AR markers for a route: road markers, turn arrows, the destination arrow and POI labels.",
        discussion: """
        Positions are metres from the origin (default: the route start), as east/north/up and in ARKit's
        gravityAndHeading axes (x east, y up, z south); the camera is the origin, held --camera-height
        above the road, so the road surface at the origin is at y = -camera-height. Yaw is radians about +y,
        counter-clockwise from above, 0 = facing north (-z). Heights come from OSM ele data, else --dem
        SRTM tiles, else are relative to the origin (marked 'unknown').
        """)

    @OptionGroup var source: GraphSource
    @OptionGroup var endpoints: RouteEndpoints
    @OptionGroup var guidance: GuidanceArguments
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("AR origin LAT,LON[,ALT] (ALT = ground height in metres); default the route start.", valueName: "lat,lon[,alt]"))
    var origin: String?
    @Option(name: .long, help: "Output format: json, geojson, csv or gpx.")
    var format: String = "json"
    @Option(name: .long, help: "Camera height above the road at the origin, metres.", transform: NumericOption.decimal)
    var cameraHeight: Double = 1.5
    @Option(name: .long, help: "Road markers' height above the road surface, metres.", transform: NumericOption.decimal)
    var roadMarkerHeight: Double = 0.5
    @Option(name: .long, help: "Turn arrows' height above the road, metres.", transform: NumericOption.decimal)
    var arrowHeight: Double = 4
    @Option(name: .long, help: "Destination and via arrows' height above the road, metres.", transform: NumericOption.decimal)
    var destinationHeight: Double = 6
    @Option(name: .long, help: "POI labels' height above the ground, metres.", transform: NumericOption.decimal)
    var poiHeight: Double = 3
    @Option(name: .long, help: "Markers per batch.", transform: NumericOption.whole)
    var batchSize: Int = 200
    @Option(name: .long, help: "Request the next batch within this many metres of the batch's last marker.", transform: NumericOption.decimal)
    var batchTrigger: Double = 25
    @Option(name: .long, help: "Markers are visible within this radius, metres.", transform: NumericOption.decimal)
    var visibility: Double = 50
    @Option(name: .long, help: "A directory of SRTM .hgt tiles (1\" or 3\", e.g. N43E007.hgt) for heights.")
    var dem: String?
    @Option(name: .long, help: "Add labels of these POI categories near the route (comma-separated, at most 6, or 'all').")
    var pois: String?
    @Option(name: .long, help: "POIs within this distance of the route get a label, metres (at most 1000).", transform: NumericOption.decimal)
    var poiCorridor: Double = 100
    @Option(name: [.short, .long], help: "Write to this file (replaced atomically) instead of standard output ('-').")
    var output: String?
    @Flag(name: .long, help: "Print the time of each stage (load, route, guidance, POIs, markers, write) on standard error.")
    var timings = false

    func validate() throws {
        _ = try checkingOptions { try request() }
        if pois != nil { try NumericOption.check(poiCorridor, option: "--poi-corridor", range: 1...PointOfInterestFinder.maximumCorridor, unit: "a distance in metres") }
    }

    /// The marker request from the command line, its settings checked.
    func request() throws -> MarkerRequest {
        let origin = try origin.map { text in
            do throws(CoordinateParseError) { return try Coordinate.parseWithAltitude(text) } catch { throw CommandFailure(message: "--origin: \(error)") }
        }
        let options = ARMarkerOptions(origin: origin?.coordinate, originAltitude: origin?.altitude, cameraHeight: cameraHeight,
                                      roadMarkerHeight: roadMarkerHeight, turnArrowHeight: arrowHeight, destinationHeight: destinationHeight,
                                      poiLabelHeight: poiHeight, batchSize: batchSize, batchTrigger: batchTrigger, visibilityRadius: visibility)
        try options.validate()
        let categories = try pois.map { text throws(MarkerExportError) in try MarkerRequest.placeCategories(parsing: text) }
        return MarkerRequest(options: options, placeCategories: categories, placeCorridor: poiCorridor, elevationDirectory: dem)
    }

    func run() throws {
        try reportingFailures {
            // Everything that can be checked without the graph is checked first, so bad options fail fast.
            guard let format = ARMarkerFormat(rawValue: self.format.lowercased()) else {
                throw CommandFailure(message: "--format '\(self.format)' is not supported (expected json, geojson, csv or gpx)")
            }
            let (start, end, vias) = try endpoints.resolved()
            let request = try request()
            var job = MarkerExportJob(source: source.source, start: start, destination: end, vias: vias, guidance: try guidance.options(),
                                      request: request, format: format)
            job.alternative = guidance.alternative
            try OutputDestination.check(output, naming: "--output")
            let timer = StageTimer()
            let result = try job.run(timer: timer)
            try OutputDestination.write(result.document, to: output, naming: "--output")
            timer.lap("write")
            if timings { printError("timings: \(timer.report()) (\(result.markerCount) markers, \(Int(result.routeDistance.rounded())) m)") }
        }
    }
}
