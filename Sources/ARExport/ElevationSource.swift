/// Where a ground height came from.
public enum ElevationSource: String, Sendable, CaseIterable {
    /// Given on the command line (`--origin LAT,LON,ALT`).
    case given
    /// OSM `ele` tags, interpolated along the road by guidance.
    case osmTag = "ele_tag"
    /// The SRTM elevation grid (`--dem`).
    case dem
    /// Not known: the height of the origin's ground is assumed (flat-earth-height, curvature still exact).
    case unknown
}
