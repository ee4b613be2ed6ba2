import Geodesy

/// One line of a banner (Mapbox's visual instruction): its text, the same as components, and the
/// maneuver it shows an arrow for.
public struct BannerText: Sendable, Hashable {
    /// The components' texts joined, for a client that shows plain text.
    public var text: String
    public var components: [BannerComponent]
    /// The maneuver drawn beside the line; nil on a line that is not a maneuver (destinations, lanes).
    public var type: ManeuverType?
    public var modifier: ManeuverModifier?
    /// For a roundabout: how far round the ring the exit lies, clockwise from the heading on arrival in
    /// right-hand traffic (180 straight on, 90 the exit to the right), as Mapbox's `degrees`.
    public var degrees: Degrees?

    public init(components: [BannerComponent], type: ManeuverType? = nil, modifier: ManeuverModifier? = nil,
                degrees: Degrees? = nil) {
        self.components = components
        text = components.lazy.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
        self.type = type
        self.modifier = modifier
        self.degrees = degrees
    }
}
