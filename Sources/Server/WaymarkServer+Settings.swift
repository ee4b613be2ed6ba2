import Geodesy
import Logging
import MapPage
import WaymarkKit

extension WaymarkServer {
    /// The settings of a server as a front end reads them (`waymark serve`'s options), before they are
    /// checked: `configuration(source:)` checks each against the range the server accepts.
    public struct Settings: Sendable, Equatable {
        /// A setting, for the names a front end gives them (`ServerSettingsError.description(naming:)`).
        public enum Name: String, Sendable, CaseIterable {
            case port, threads, requestTimeout, routeCoordinates, tableCoordinates, tripStops, matchCoordinates, landmarks
            case pageDirectory, leafletDirectory, noPage, logLevel

            /// The library's noun for the setting, used when a front end gives it no name of its own.
            public var noun: String {
                switch self {
                case .port: "port"
                case .threads: "worker threads"
                case .requestTimeout: "request timeout"
                case .routeCoordinates: "route coordinates"
                case .tableCoordinates: "table coordinates"
                case .tripStops: "trip stops"
                case .matchCoordinates: "match points"
                case .landmarks: "landmarks"
                case .pageDirectory: "map page directory"
                case .leafletDirectory: "Leaflet directory"
                case .noPage: "no map page"
                case .logLevel: "log level"
                }
            }
        }

        /// The address to listen on (127.0.0.1: this machine only).
        public var host: String
        /// 0 ... 65535; 0 picks a free port.
        public var port: Int
        /// Worker threads, 1 ... 1024; nil for one per core.
        public var threads: Int?
        /// ALT landmarks, 0 ... 64, built at each load; nil: `WaymarkServer.defaultLandmarks`, built when
        /// the first A* search needs them if the database has hierarchies (see `Configuration.landmarkTiming`).
        public var landmarks: Int?
        /// Longest time one request may take, as typed: a decimal number of seconds, 0.001 ... 3600.
        public var requestTimeout: String
        /// Most coordinates in a route, waypoints or markers request, 2 ... 10000.
        public var routeCoordinates: Int
        /// Most coordinates in a table request, 1 ... 10000.
        public var tableCoordinates: Int
        /// Most stops in a trip request, 2 ... 10000.
        public var tripStops: Int
        /// Most points in a match request, 2 ... 10000.
        public var matchCoordinates: Int
        /// Whether the map page is served at `/`.
        public var servesMapPage: Bool
        /// Where the map page and Leaflet are read from (nil: the installed ones); only with the page.
        public var mapPageDirectories: MapPageFiles.Directories
        /// `info` (with an access log line per request), `warning` or `error`.
        public var logLevel: String

        /// Whether the server indexes the graph for guidance at each load (see `Configuration`).
        public var indexesGuidance: Bool

        /// The log levels a server accepts.
        public static let logLevels: [Logger.Level] = [.info, .warning, .error]

        public init(host: String = "127.0.0.1", port: Int = 5000, threads: Int? = nil, landmarks: Int? = nil, requestTimeout: String = "10",
                    routeCoordinates: Int = 500, tableCoordinates: Int = 100, tripStops: Int = 100, servesMapPage: Bool = true,
                    mapPageDirectories: MapPageFiles.Directories = MapPageFiles.Directories(), logLevel: String = "info",
                    indexesGuidance: Bool = true, matchCoordinates: Int = 100) {
            self.host = host
            self.port = port
            self.threads = threads
            self.landmarks = landmarks
            self.requestTimeout = requestTimeout
            self.routeCoordinates = routeCoordinates
            self.tableCoordinates = tableCoordinates
            self.tripStops = tripStops
            self.matchCoordinates = matchCoordinates
            self.servesMapPage = servesMapPage
            self.mapPageDirectories = mapPageDirectories
            self.logLevel = logLevel
            self.indexesGuidance = indexesGuidance
        }

        /// The configuration the settings give, its map page read, and the level to log at.
        /// - Throws: `ServerSettingsError` for the first setting at fault, in the order of `Name`.
        public func configuration(source: RoadNetworkSource) throws(ServerSettingsError) -> (Configuration, logLevel: Logger.Level) {
            var http = HTTPService.Configuration()
            http.host = host
            http.port = try Self.check(port, .port, 0...65535, unit: "a port")
            if let threads { http.threads = try Self.check(threads, .threads, 1...1024, unit: "a number of threads") }
            http.limits.requestTimeoutSeconds = try Self.seconds(requestTimeout, .requestTimeout, 0.001...3600)
            http.limits.routeCoordinates = try Self.check(routeCoordinates, .routeCoordinates, 2...10_000, unit: "a number of coordinates")
            http.limits.tableCoordinates = try Self.check(tableCoordinates, .tableCoordinates, 1...10_000, unit: "a number of coordinates")
            http.limits.tripStops = try Self.check(tripStops, .tripStops, 2...10_000, unit: "a number of stops")
            http.limits.matchCoordinates = try Self.check(matchCoordinates, .matchCoordinates, 2...10_000, unit: "a number of points")
            if let landmarks { _ = try Self.check(landmarks, .landmarks, 0...64, unit: "a number of landmarks") }
            if servesMapPage {
                do throws(MapPageError) {
                    http.mapPage = try MapPageFiles(directories: mapPageDirectories)
                } catch {
                    let fromLeaflet = mapPageDirectories.leaflet.map { error.path.hasPrefix($0) } == true
                    throw .mapPage(fromLeaflet ? .leafletDirectory : .pageDirectory, error)
                }
            } else if mapPageDirectories != MapPageFiles.Directories() {
                throw .directoriesWithoutPage
            }
            guard let level = Logger.Level(rawValue: logLevel), Self.logLevels.contains(level) else {
                throw .unknownLogLevel(logLevel, expected: Self.logLevels.map(\.rawValue))
            }
            // A number given is built at load, as asked; the default waits for an A* search on a database
            // with hierarchies.
            let configuration = Configuration(source: source, http: http, landmarks: landmarks ?? WaymarkServer.defaultLandmarks,
                                              landmarkTiming: landmarks == nil ? nil : .atSetUp, indexesGuidance: indexesGuidance)
            return (configuration, level)
        }

        private static func check(_ value: Int, _ name: Name, _ range: ClosedRange<Int>, unit: String) throws(ServerSettingsError) -> Int {
            guard range.contains(value) else {
                throw .outOfRange(name, value: String(value), expected: "\(unit) from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }

        /// A decimal number of seconds (no hexadecimal, `inf` or `nan`) within `range`.
        private static func seconds(_ text: String, _ name: Name, _ range: ClosedRange<Double>) throws(ServerSettingsError) -> Double {
            guard let value = DecimalNumber.parse(text.trimmingCharacters()), value.isFinite, range.contains(value) else {
                let bounds = "from \(DecimalNumber.fixed(range.lowerBound, decimals: 6)) to \(DecimalNumber.fixed(range.upperBound, decimals: 6))"
                throw .invalidNumber(name, value: text, expected: "seconds \(bounds)")
            }
            return value
        }
    }
}

/// Why a server's settings cannot be used, naming the setting (`WaymarkServer.Settings.Name`).
public enum ServerSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A whole number outside the setting's range.
    case outOfRange(WaymarkServer.Settings.Name, value: String, expected: String)
    /// Text that is not a decimal number within the setting's range.
    case invalidNumber(WaymarkServer.Settings.Name, value: String, expected: String)
    /// The map page or Leaflet could not be read from the directory the setting gave.
    case mapPage(WaymarkServer.Settings.Name, MapPageError)
    /// Map page directories given for a server without the map page.
    case directoriesWithoutPage
    /// A log level the server does not log at.
    case unknownLogLevel(String, expected: [String])

    public var description: String { description(naming: [:]) }

    /// The message in a front end's own terms, naming the input that carried the setting at fault
    /// (`--port '70000' is out of range: …`); a setting without a name reads as the library's noun.
    public func description(naming names: [WaymarkServer.Settings.Name: String]) -> String {
        func name(_ setting: WaymarkServer.Settings.Name) -> String { names[setting] ?? setting.noun }
        return switch self {
        case .outOfRange(let setting, let value, let expected): "\(name(setting)) '\(value)' is out of range: expected \(expected)"
        case .invalidNumber(let setting, let value, let expected): "\(name(setting)) '\(value)' is invalid: expected \(expected)"
        case .mapPage(let setting, let error): "\(name(setting)): \(error)"
        case .directoriesWithoutPage: "\(name(.noPage)): cannot be combined with \(name(.pageDirectory)) or \(name(.leafletDirectory))"
        case .unknownLogLevel(let level, let expected): "\(name(.logLevel)) '\(level)': expected one of \(expected.joined(separator: ", "))"
        }
    }
}
