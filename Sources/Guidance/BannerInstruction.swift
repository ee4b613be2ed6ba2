import Geodesy

/// A banner a navigation app shows during a step about the maneuver that ends it (Mapbox's banner
/// instruction): from where on, the main line, the signed destinations, and the lanes or the maneuver
/// right after.
public struct BannerInstruction: Sendable, Hashable {
    /// How far before the end of the step (the next maneuver) the banner shows from, in metres.
    public var distanceAlongGeometry: Meters
    /// The maneuver and the road (or exit, or destinations) it leads onto.
    public var primary: BannerText
    /// The destinations signed for that road, when the primary line names the road itself.
    public var secondary: BannerText?
    /// The lanes to take at the maneuver, else the maneuver close behind it; nil when neither applies.
    public var sub: BannerText?

    public init(distanceAlongGeometry: Meters, primary: BannerText, secondary: BannerText? = nil, sub: BannerText? = nil) {
        self.distanceAlongGeometry = distanceAlongGeometry
        self.primary = primary
        self.secondary = secondary
        self.sub = sub
    }
}
