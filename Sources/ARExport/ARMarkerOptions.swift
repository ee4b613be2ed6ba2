import Geodesy

/// Settings of a marker export (`waymark markers` has an option for each).
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

    /// Options with the given values (the defaults above for those not given).
    public init(origin: Coordinate? = nil, originAltitude: Meters? = nil, cameraHeight: Meters = 1.5, roadMarkerHeight: Meters = 0.5,
                turnArrowHeight: Meters = 4, destinationHeight: Meters = 6, poiLabelHeight: Meters = 3, batchSize: Int = 200,
                batchTrigger: Meters = 25, visibilityRadius: Meters = 50) {
        self.origin = origin
        self.originAltitude = originAltitude
        self.cameraHeight = cameraHeight
        self.roadMarkerHeight = roadMarkerHeight
        self.turnArrowHeight = turnArrowHeight
        self.destinationHeight = destinationHeight
        self.poiLabelHeight = poiLabelHeight
        self.batchSize = batchSize
        self.batchTrigger = batchTrigger
        self.visibilityRadius = visibilityRadius
    }

    /// The settings, as named in `ARExportError`.
    public enum Setting: String, Sendable, CaseIterable {
        case origin, originAltitude, cameraHeight, roadMarkerHeight, turnArrowHeight, destinationHeight, poiLabelHeight
        case batchSize, batchTrigger, visibilityRadius

        /// The setting in words.
        public var noun: String {
            switch self {
            case .origin: "AR origin"
            case .originAltitude: "origin altitude"
            case .cameraHeight: "camera height"
            case .roadMarkerHeight: "road marker height"
            case .turnArrowHeight: "turn arrow height"
            case .destinationHeight: "destination arrow height"
            case .poiLabelHeight: "label height"
            case .batchSize: "batch size"
            case .batchTrigger: "batch trigger distance"
            case .visibilityRadius: "visibility radius"
            }
        }
    }

    /// Checks every value, naming the first bad setting.
    public func validate() throws(ARExportError) {
        func check(_ value: Double, _ setting: Setting, _ range: ClosedRange<Double>, _ expected: String) throws(ARExportError) {
            guard value.isFinite, range.contains(value) else {
                throw .invalidSetting(setting, value: DecimalNumber.fixed(value, decimals: 3), expected: expected)
            }
        }
        try check(cameraHeight, .cameraHeight, 0...100, "a height in metres from 0 to 100")
        try check(roadMarkerHeight, .roadMarkerHeight, -10...100, "a height in metres from -10 to 100")
        try check(turnArrowHeight, .turnArrowHeight, -10...100, "a height in metres from -10 to 100")
        try check(destinationHeight, .destinationHeight, -10...100, "a height in metres from -10 to 100")
        try check(poiLabelHeight, .poiLabelHeight, -10...100, "a height in metres from -10 to 100")
        try check(batchTrigger, .batchTrigger, 0...10_000, "a distance in metres from 0 to 10000")
        try check(visibilityRadius, .visibilityRadius, 1...10_000, "a radius in metres from 1 to 10000")
        guard (1...100_000).contains(batchSize) else {
            throw .invalidSetting(.batchSize, value: String(batchSize), expected: "a whole number of markers from 1 to 100000")
        }
        if let originAltitude {
            try check(originAltitude, .originAltitude, -1_000...9_000, "an altitude in metres from -1000 to 9000")
        }
        if let origin, !origin.isValid {
            throw .invalidSetting(.origin, value: origin.description, expected: "a latitude in -90...90 and longitude in -180...180")
        }
    }
}
