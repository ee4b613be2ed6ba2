/// The OSM `highway=*` classes a car may use, ordered from the most to the least important road.
///
/// Raw values are stored in the database; append new cases at the end only.
public enum HighwayClass: UInt8, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case motorway = 0, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink,
         tertiary, tertiaryLink, unclassified, residential, livingStreet, service, road

    /// Creates the class for an OSM `highway` tag value, or nil for values cars may not use
    /// (footway, cycleway, track, path, construction …).
    public init?(osmValue: String) {
        guard let match = HighwayClass.allCases.first(where: { $0.osmValue == osmValue }) else { return nil }
        self = match
    }

    /// The tag value as written in OSM (`motorway_link`, `living_street` …).
    public var osmValue: String {
        switch self {
        case .motorway: "motorway"
        case .motorwayLink: "motorway_link"
        case .trunk: "trunk"
        case .trunkLink: "trunk_link"
        case .primary: "primary"
        case .primaryLink: "primary_link"
        case .secondary: "secondary"
        case .secondaryLink: "secondary_link"
        case .tertiary: "tertiary"
        case .tertiaryLink: "tertiary_link"
        case .unclassified: "unclassified"
        case .residential: "residential"
        case .livingStreet: "living_street"
        case .service: "service"
        case .road: "road"
        }
    }

    /// Whether this is one of the `_link` ramp classes.
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
        default: false
        }
    }

    /// The class a link belongs to (`motorway_link` -> `motorway`); other classes return themselves.
    public var mainClass: HighwayClass {
        switch self {
        case .motorwayLink: .motorway
        case .trunkLink: .trunk
        case .primaryLink: .primary
        case .secondaryLink: .secondary
        case .tertiaryLink: .tertiary
        default: self
        }
    }

    public var description: String { osmValue }
}
