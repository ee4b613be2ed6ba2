import Geodesy

/// Settings of a marker export; every field has a CLI option of the same meaning.
///
/// Heights are above the road surface (terrain for points of interest) under the marker; the camera
/// (the AR origin) is `cameraHeight` above the road at the origin. With the defaults on flat ground a
/// road marker's centre is at y = -1.5 + 0.5 = -1.0 m (1 m below the camera), a turn arrow at
/// y = +2.5 m, the destination arrow at y = +4.5 m.
public struct ARMarkerOptions: Sendable {
    /// The AR origin; nil means the route's first waypoint (`--origin LAT,LON[,ALT]`).
    public var origin: Coordinate?
    /// Ground height at the origin (`--origin …,ALT`); nil means look it up (DEM, then `ele` data).
    public var originAltitude: Meters?
    /// Camera height above the road surface at the origin (`--camera-height`, default 1.5 m).
    public var cameraHeight: Meters = 1.5
    /// Road markers' height above the road surface (`--road-marker-height`, default 0.5 m: 1 m below the camera).
    public var roadMarkerHeight: Meters = 0.5
    /// Turn arrows' height above the road at the maneuver (`--arrow-height`, default 4 m).
    public var turnArrowHeight: Meters = 4
    /// Destination (and via) arrows' height above the road (`--destination-height`, default 6 m).
    public var destinationHeight: Meters = 6
    /// Point-of-interest labels' height above the ground (`--poi-height`, default 3 m).
    public var poiLabelHeight: Meters = 3
    /// Markers per batch (`--batch-size`, default 200).
    public var batchSize: Int = 200
    /// The next batch is due when the vehicle is this close to the last marker shown (`--batch-trigger`, 25 m).
    public var batchTrigger: Meters = 25
    /// Markers are shown within this distance of the camera (`--visibility`, default 50 m).
    public var visibilityRadius: Meters = 50

    public init() {}

    /// Checks every value, naming the first bad option.
    public func validate() throws(ARExportError) {
        func check(_ value: Double, _ option: String, _ range: ClosedRange<Double>, _ expected: String) throws(ARExportError) {
            guard value.isFinite, range.contains(value) else {
                throw .invalidOption(option: option, value: ExportFormatting.fixed(value, 3), expected: expected)
            }
        }
        try check(cameraHeight, "--camera-height", 0...100, "a height in metres from 0 to 100")
        try check(roadMarkerHeight, "--road-marker-height", -10...100, "a height in metres from -10 to 100")
        try check(turnArrowHeight, "--arrow-height", -10...100, "a height in metres from -10 to 100")
        try check(destinationHeight, "--destination-height", -10...100, "a height in metres from -10 to 100")
        try check(poiLabelHeight, "--poi-height", -10...100, "a height in metres from -10 to 100")
        try check(batchTrigger, "--batch-trigger", 0...10_000, "a distance in metres from 0 to 10000")
        try check(visibilityRadius, "--visibility", 1...10_000, "a radius in metres from 1 to 10000")
        guard (1...100_000).contains(batchSize) else {
            throw .invalidOption(option: "--batch-size", value: String(batchSize), expected: "a whole number of markers from 1 to 100000")
        }
        if let originAltitude {
            try check(originAltitude, "--origin", -1_000...9_000, "an altitude in metres from -1000 to 9000")
        }
        if let origin, !origin.isValid {
            throw .invalidOption(option: "--origin", value: origin.description, expected: "a latitude in -90...90 and longitude in -180...180")
        }
    }
}
