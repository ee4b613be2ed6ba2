/// What stands at a routing node and makes a car wait: traffic signals, a stop sign or a give-way sign,
/// and which travel direction it faces.
///
/// The import records it from the node's tags (the car profile decides which tags mean what); routing
/// turns it into a delay for the turns made at the node (see `TurnCostModel`). Stored as one byte per
/// node: `kind` in the low nibble, `direction` in the high one.
public struct TrafficControl: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind of control.
    public enum Kind: UInt8, Sendable, Codable, CaseIterable {
        case none = 0
        /// `highway=traffic_signals`.
        case trafficSignals = 1
        /// `highway=stop`.
        case stop = 2
        /// `highway=stop` with `stop=minor`: only traffic arriving on a minor road stops.
        case stopMinor = 3
        /// `highway=give_way`.
        case giveWay = 4
        /// A gate a car may pass after stopping to open it (`barrier=gate`, `lift_gate`: OSRM's
        /// `barrier_penalties`).
        case gate = 5
        /// A barrier a car cannot pass (a bollard, a block, `access=no` on the node): the import gives each
        /// road arriving here its own copy of the node, so the road ends and a car can only turn back.
        case barrier = 6
    }

    /// Which travel direction the control applies to, relative to the OSM way's node order.
    public enum Direction: UInt8, Sendable, Codable, CaseIterable {
        /// Every direction (no direction tagged, or `both`).
        case both = 0
        /// Traffic driving along the way's node order.
        case forward = 1
        /// Traffic driving against the way's node order.
        case backward = 2
    }

    public var kind: Kind
    public var direction: Direction

    public init(kind: Kind, direction: Direction = .both) {
        self.kind = kind
        self.direction = kind == .none ? .both : direction
    }

    /// No control.
    public static let none = TrafficControl(kind: .none)

    /// The stored byte.
    public var rawValue: UInt8 { kind.rawValue | direction.rawValue << 4 }

    /// Decodes a stored byte; nil for a byte no control has.
    public init?(rawValue: UInt8) {
        guard let kind = Kind(rawValue: rawValue & 0x0F), let direction = Direction(rawValue: rawValue >> 4),
              kind != .none || direction == .both else { return nil }
        self.init(kind: kind, direction: direction)
    }

    /// Whether a car arriving over an edge that runs against its way's node order (`againstWayDirection`)
    /// or along it faces this control.
    @inlinable public func applies(arrivingAgainstWayDirection against: Bool) -> Bool {
        switch direction {
        case .both: kind != .none
        case .forward: !against
        case .backward: against
        }
    }

    public var description: String {
        let name: String
        switch kind {
        case .none: return "none"
        case .trafficSignals: name = "traffic_signals"
        case .stop: name = "stop"
        case .stopMinor: name = "stop (minor roads)"
        case .giveWay: name = "give_way"
        case .gate: name = "gate"
        case .barrier: name = "barrier"
        }
        return direction == .both ? name : "\(name) (\(direction == .forward ? "forward" : "backward"))"
    }
}
