import Geodesy
import RoadNetwork

/// The result of reading one `access`-like value.
enum AccessDecision: Sendable, Equatable {
    case allowed, destinationOnly, forbidden
}

/// The result of reading a `oneway` value together with its implications.
enum OnewayDecision: Sendable, Equatable {
    case both, forward, backward
    /// `oneway=reversible`/`alternating`: direction changes over time, so not routable.
    case notRoutable
}

/// A speed-limit tag read on its own: a limit, or a value the profile cannot read.
enum MaxspeedReading: Sendable, Equatable {
    case limit(SpeedLimit)
    case unreadable
}

extension CarProfile {
    /// Access keys from the most to the least specific; the first one present decides.
    static let accessKeys = ["motorcar", "motor_vehicle", "vehicle", "access"]

    /// Interprets a way's tags; nil when it is not a road a car may use.
    func interpret(_ tags: [OSMTag]) -> WayInterpretation? {
        func value(_ key: String) -> String? {
            for tag in tags where tag.key == key { return tag.value }
            return nil
        }
        guard let highwayValue = value("highway"), let highway = HighwayClass(osmValue: highwayValue) else { return nil }
        if value("area") == "yes" { return nil }
        // Emergency-only links between streets look like service roads but are closed to cars.
        if highway == .service && value("service") == "emergency_access" { return nil }

        var flags: EdgeFlags = []
        switch Self.access(tags) {
        case .forbidden: return nil
        case .destinationOnly: flags.insert(.destinationOnly)
        case .allowed: break
        }
        if Self.isHighOccupancyOnly(value) { flags.insert(.destinationOnly) }

        let junction = value("junction")
        let isRoundabout = junction == "roundabout" || junction == "circular"
        let direction: WayInterpretation.Direction
        switch Self.oneway(value("oneway"), highway: highway, isRoundabout: isRoundabout) {
        case .notRoutable: return nil
        case .both: direction = .both
        case .forward: direction = .forward
        case .backward: direction = .backward
        }

        if isRoundabout { flags.insert(.roundabout) }
        if junction == "circular" { flags.insert(.circular) }
        if highway.isLink { flags.insert(.link) }
        // OSRM's `service_access_tag_blacklist`: no route starts or ends on a private service road.
        if highway == .service && Self.accessText(tags) == "private" { flags.insert(.notStartPoint) }
        if value("toll") == "yes" || value("toll:motorcar") == "yes" { flags.insert(.toll) }
        if let t = value("tunnel"), t != "no" { flags.insert(.tunnel) }
        if let b = value("bridge"), b != "no" { flags.insert(.bridge) }

        var unreadable = false
        func limit(_ directionalKey: String) -> SpeedLimit {
            for key in [directionalKey, "maxspeed"] {
                guard let text = value(key) else { continue }
                switch Self.readMaxspeed(text, walkingPace: walkingPace) {
                case .limit(let l): return l
                case .unreadable: unreadable = true
                }
            }
            // No usable maxspeed: a zone tag may still say which statutory limit applies.
            for key in ["maxspeed:type", "source:maxspeed", "zone:maxspeed", "zone:traffic"] {
                if let text = value(key), let zone = SpeedZones.resolve(text) { return zone }
            }
            return defaultSpeedLimit(for: highway)
        }
        let forwardLimit = limit("maxspeed:forward")
        let backwardLimit = limit("maxspeed:backward")
        let cap = surfaceCap(surface: value("surface"), tracktype: value("tracktype"), smoothness: value("smoothness"))
        // A road too rough to drive at all (`smoothness=impassable`) is left out, as OSRM does.
        if let cap, cap <= 0 { return nil }
        /// The speed routing assumes in one direction: an advisory limit (curves, OSRM reads it first)
        /// rules over the posted one; then the surface caps it.
        func speed(_ directionalAdvisoryKey: String, posted: SpeedLimit) -> KilometersPerHour {
            var basis = posted
            for key in [directionalAdvisoryKey, "maxspeed:advisory"] {
                guard let text = value(key) else { continue }
                if case .limit(let advisory) = Self.readMaxspeed(text, walkingPace: walkingPace), advisory.kind == .limited {
                    basis = advisory
                    break
                }
            }
            let speed = routingSpeed(for: highway, limit: basis)
            return cap.map { min(speed, $0) } ?? speed
        }

        return WayInterpretation(
            highway: highway, direction: direction, flags: flags,
            forwardLimit: forwardLimit, backwardLimit: backwardLimit,
            forwardSpeed: speed("maxspeed:advisory:forward", posted: forwardLimit),
            backwardSpeed: speed("maxspeed:advisory:backward", posted: backwardLimit),
            name: value("name") ?? "", ref: value("ref") ?? "", signposts: Self.signposts(direction: direction, value),
            turnLanes: Self.turnLanes(direction: direction, value), hadUnreadableMaxspeed: unreadable)
    }

    /// Interprets a node's tags: the traffic control standing there, or nil for none.
    ///
    /// `highway=traffic_signals` (facing `traffic_signals:direction`, else `direction`), `highway=stop`
    /// (`stop=minor`: only minor roads stop) and `highway=give_way` (facing `direction`); a direction
    /// other than `forward`/`backward` (`both`, a compass bearing) applies to every direction, as in
    /// OSRM's car profile.
    func interpretNode(_ tags: [OSMTag]) -> TrafficControl? {
        func value(_ key: String) -> String? {
            for tag in tags where tag.key == key { return tag.value }
            return nil
        }
        let kind: TrafficControl.Kind
        var direction = value("direction")
        switch value("highway") {
        case "traffic_signals":
            kind = .trafficSignals
            direction = value("traffic_signals:direction") ?? direction
        case "stop": kind = value("stop") == "minor" ? .stopMinor : .stop
        case "give_way": kind = .giveWay
        default: return nil
        }
        switch direction {
        case "forward": return TrafficControl(kind: kind, direction: .forward)
        case "backward": return TrafficControl(kind: kind, direction: .backward)
        default: return TrafficControl(kind: kind)
        }
    }

    /// Whether a road is for high-occupancy vehicles only (`hov=designated`, or every lane `designated` in
    /// `hov:lanes`, or in both `hov:lanes:forward` and `hov:lanes:backward`). OSRM's car profile, weighing
    /// routability, marks such a road restricted: entered only to reach a place on it, as with
    /// destination-only access, so routes do not use the car-pool lane as a short cut.
    static func isHighOccupancyOnly(_ value: (String) -> String?) -> Bool {
        if value("hov") == "designated" { return true }
        func allDesignated(_ key: String) -> Bool {
            guard let lanes = value(key) else { return false }
            return lanes.split(separator: "|", omittingEmptySubsequences: false).allSatisfy { $0 == "designated" }
        }
        return allDesignated("hov:lanes") || (allDesignated("hov:lanes:forward") && allDesignated("hov:lanes:backward"))
    }

    /// The most specific of `motorcar`, `motor_vehicle`, `vehicle`, `access` present, as tagged.
    static func accessText(_ tags: [OSMTag]) -> String? {
        for key in accessKeys {
            for tag in tags where tag.key == key { return tag.value }
        }
        return nil
    }

    /// Car access from the most specific of `motorcar`, `motor_vehicle`, `vehicle`, `access`.
    static func access(_ tags: [OSMTag]) -> AccessDecision {
        for key in accessKeys {
            for tag in tags where tag.key == key { return accessValue(tag.value) }
        }
        return .allowed
    }

    /// Reads one access value; unknown values count as allowed (a typo should not cut a road off).
    static func accessValue(_ value: String) -> AccessDecision {
        switch value {
        case "no", "agricultural", "forestry", "agricultural;forestry", "forestry;agricultural", "emergency",
             "military", "psv", "bus", "hgv", "taxi", "disabled", "use_sidepath":
            return .forbidden
        case "private", "destination", "delivery", "customers", "permit", "residents":
            return .destinationOnly
        default:
            return .allowed
        }
    }

    /// Reads `oneway` with its implications: motorways, motorway links and roundabouts are one-way
    /// unless `oneway=no` says otherwise.
    static func oneway(_ value: String?, highway: HighwayClass, isRoundabout: Bool) -> OnewayDecision {
        switch value {
        case "yes", "true", "1": return .forward
        case "-1", "reverse": return .backward
        case "reversible", "alternating": return .notRoutable
        case "no", "false", "0": return .both
        default:
            return highway == .motorway || highway == .motorwayLink || isRoundabout ? .forward : .both
        }
    }

    /// Reads a `maxspeed` value: `50`, `50 km/h`, `30 mph`, `10 knots`, `none`, `walk`, `signals`,
    /// `DE:urban` and other zone forms; several values (`50;30`) give the lowest.
    ///
    /// A limit above `maximumPlausibleLimit` (`maxspeed=999999`, a typo) is unreadable: the class
    /// default is used and the way counted, rather than a limit no road has.
    static func readMaxspeed(_ text: String, walkingPace: KilometersPerHour = 6) -> MaxspeedReading {
        let reading = readMaxspeedValue(text, walkingPace: walkingPace)
        if case .limit(let limit) = reading, limit.kind == .limited, !(Double(limit.kilometersPerHour) <= maximumPlausibleLimit) {
            return .unreadable
        }
        return reading
    }

    /// The fastest posted limit taken as real (the highest in use anywhere is 160 km/h; German
    /// `maxspeed` values stop well below this too).
    static let maximumPlausibleLimit: KilometersPerHour = 300

    private static func readMaxspeedValue(_ text: String, walkingPace: KilometersPerHour) -> MaxspeedReading {
        // Fast path: a plain integer, by far the most common value.
        if let first = text.utf8.first, first >= 0x31, first <= 0x39, text.utf8.count <= 3,
           text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) {
            return .limit(.limited(Double(number), source: .posted))
        }
        let trimmed = text.trimmingCharacters()
        if trimmed.utf8.contains(0x3b) {
            var lowest: SpeedLimit?
            for part in trimmed.split(separator: ";") {
                guard case .limit(let l) = readMaxspeed(String(part), walkingPace: walkingPace) else { return .unreadable }
                if l.kind == .limited, lowest == nil || lowest!.kind != .limited || l.kilometersPerHour < lowest!.kilometersPerHour {
                    lowest = l
                } else if lowest == nil {
                    lowest = l
                }
            }
            return lowest.map { .limit($0) } ?? .unreadable
        }
        switch trimmed.lowercased() {
        case "none", "unlimited": return .limit(.unlimited(source: .posted))
        case "signals", "variable": return .limit(.unknown(source: .posted))
        case "walk": return .limit(.limited(walkingPace, source: .posted))
        default: break
        }
        if let number = DecimalNumber.parse(trimmed), number > 0, number.isFinite {
            return .limit(.limited(number, source: .posted))
        }
        // A number followed by a unit.
        var digitsEnd = trimmed.startIndex
        while digitsEnd < trimmed.endIndex, trimmed[digitsEnd].isNumber || trimmed[digitsEnd] == "." {
            digitsEnd = trimmed.index(after: digitsEnd)
        }
        if digitsEnd > trimmed.startIndex, let number = Double(trimmed[..<digitsEnd]), number > 0 {
            let unitText = trimmed[digitsEnd...].trimmingCharacters().lowercased()
            switch unitText {
            case "km/h", "kmh", "kph", "km/hr": return .limit(.limited(number, source: .posted))
            case "mph": return .limit(.limited(number * SpeedConversion.kilometersPerMile, unit: .milesPerHour, source: .posted))
            case "knots", "knot", "kn": return .limit(.limited(number * SpeedConversion.kilometersPerNauticalMile, unit: .knots, source: .posted))
            default: return .unreadable
            }
        }
        if let zone = SpeedZones.resolve(trimmed) { return .limit(zone) }
        return .unreadable
    }
}
