import Geodesy
import RoadNetwork

/// What a node standing on a road does to a car passing it (OSRM's car `process_node`).
enum NodeBarrier: Sendable, Equatable {
    /// Nothing stops a car.
    case passable
    /// A gate: passed after a wait (`TrafficControl.Kind.gate`).
    case gate
    /// Nothing passes: the road ends here on both sides.
    case blocking
}

extension CarProfile {
    /// Node tag keys the barrier rules read.
    static let barrierKeys = ["barrier", "bollard", "kerb", "sensory", "maxheight"] + accessKeys

    /// Barriers a car drives over or through (OSRM's `barrier_whitelist`).
    static let passableBarriers: Set<String> = [
        "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance", "height_restrictor", "arch",
    ]
    /// Barriers a car passes after stopping to open them (OSRM's `barrier_penalties`).
    static let gateBarriers: Set<String> = ["gate", "lift_gate"]
    /// The height of the car, for `barrier=height_restrictor` with a `maxheight` (OSRM's `vehicle_height`).
    static let vehicleHeightMeters = 2.0

    /// Reads a node's `barrier` and access tags as OSRM's car profile does; `.passable` for a node that
    /// stops nothing.
    ///
    /// An access tag on the node decides alone: a value that forbids cars outright (`no`, `agricultural`,
    /// `bus` …) blocks, while restricted values (`private`, `destination` …) and permitted ones let a car
    /// through, whatever the barrier. Without one, a `barrier` blocks unless it is on the passable list,
    /// a rising bollard, a lowered or flush kerb (or a kerb tagged as a `highway=crossing`), an audible
    /// virtual fence, or a gate (`.gate`); a height restrictor blocks when its `maxheight` is below the car.
    func interpretBarrier(_ tags: [OSMTag]) -> NodeBarrier {
        func value(_ key: String) -> String? {
            for tag in tags where tag.key == key { return tag.value }
            return nil
        }
        for key in Self.accessKeys {
            guard let text = value(key) else { continue }
            return Self.blocksOutright(Self.strongestAccessValue(text)) ? .blocking : .passable
        }
        guard let barrier = value("barrier") else { return .passable }
        if barrier == "height_restrictor", let height = Self.readHeightMeters(value("maxheight")), height < Self.vehicleHeightMeters {
            return .blocking
        }
        if Self.gateBarriers.contains(barrier) { return .gate }
        if Self.passableBarriers.contains(barrier) { return .passable }
        if value("bollard") == "rising" { return .passable }
        if barrier == "kerb", ["lowered", "flush"].contains(value("kerb")) || value("highway") == "crossing" { return .passable }
        if barrier == "fence", ["audible", "audio"].contains(value("sensory")) { return .passable }
        return .blocking
    }

    /// Whether an access value closes a node to cars (OSRM's `access_tag_blacklist` less its
    /// `restricted_access_tag_list`).
    static func blocksOutright(_ access: String) -> Bool {
        switch access {
        case "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
             "emergency_vehicle", "restricted", "military", "official":
            return true
        default:
            return false
        }
    }

    /// Of a `;`-list of access values, the one that allows most (OSRM's `resolve_access`: permitted over
    /// restricted over forbidden); a single value as it is.
    static func strongestAccessValue(_ text: String) -> String {
        guard text.contains(";") else { return text }
        func rank(_ v: String) -> Int {
            switch v {
            case "yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov": return 3
            case "private", "delivery", "destination", "customers", "permit", "residents", "unknown": return 2
            default: return blocksOutright(v) ? 1 : 0
            }
        }
        var best = text, bestRank = -1
        for part in text.split(separator: ";") {
            let v = String(part).trimmingCharacters()
            if rank(v) > bestRank { best = v; bestRank = rank(v) }
        }
        return best
    }

    /// A `maxheight` in metres (`2.1`, `2.1 m`, `6'7"`); nil when absent or unreadable (`default`, `none`).
    static func readHeightMeters(_ text: String?) -> Double? {
        guard let t = text?.trimmingCharacters(), !t.isEmpty else { return nil }
        var metres = t
        if metres.hasSuffix("m") { metres = String(metres.dropLast()).trimmingCharacters() }
        if let v = Double(metres), v.isFinite, v > 0 { return v }
        // Feet and inches: 6'7" or 6'.
        let parts = String(t.filter { $0 != "\"" }).split(separator: "'", omittingEmptySubsequences: false)
            .map { String($0).trimmingCharacters() }
        guard parts.count == 2, let feet = Double(parts[0]) else { return nil }
        let inches = parts[1].isEmpty ? 0 : Double(parts[1]) ?? .nan
        let v = feet * 0.3048 + inches * 0.0254
        return v.isFinite && v > 0 ? v : nil
    }
}
