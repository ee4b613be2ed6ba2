import Geodesy
import RoadNetwork

extension CarProfile {
    /// The `route` values carrying cars on board, read by `interpretFerry`.
    static let boardingRoutes: Set<String> = ["ferry", "shuttle_train"]

    /// Interprets a `route=ferry` way as OSRM's car profile does; nil when cars may not board it.
    ///
    /// Access follows the usual hierarchy (`motorcar`, `motor_vehicle`, `vehicle`, `access`), so a
    /// foot-only ferry (`motor_vehicle=no`) is left out; `oneway` applies as tagged (a ferry is never
    /// implied one-way). Routing assumes `ferrySpeed`, unless a `duration` tag says how long the
    /// crossing takes: then the crossing takes that long, however long the drawn line (ferry lines are
    /// rarely the path the boat takes, and loading time matters more than distance). The posted speed
    /// limit is unknown: no speed warnings at sea.
    ///
    /// A `route=shuttle_train` (a car train through a tunnel or over a pass) is read the same way at
    /// `shuttleTrainSpeed` (OSRM's `route_speeds`). Neither is a place to start or end a route.
    func interpretFerry(_ tags: [OSMTag]) -> WayInterpretation? {
        func value(_ key: String) -> String? {
            for tag in tags where tag.key == key { return tag.value }
            return nil
        }
        let speed = value("route") == "shuttle_train" ? shuttleTrainSpeed : ferrySpeed
        var flags: EdgeFlags = [.ferry, .notStartPoint]
        switch Self.access(tags) {
        case .forbidden: return nil
        case .destinationOnly: flags.insert(.destinationOnly)
        case .allowed: break
        }
        let direction: WayInterpretation.Direction
        switch Self.oneway(value("oneway"), highway: .road, isRoundabout: false) {
        case .notRoutable: return nil
        case .both: direction = .both
        case .forward: direction = .forward
        case .backward: direction = .backward
        }
        let highway = value("highway").flatMap(HighwayClass.init(osmValue:)) ?? .road
        let limit = SpeedLimit.unknown(source: .classDefault)
        var interpretation = WayInterpretation(
            highway: highway, direction: direction, flags: flags, forwardLimit: limit, backwardLimit: limit,
            forwardSpeed: speed, backwardSpeed: speed,
            name: value("name") ?? "", ref: value("ref") ?? "", signposts: Self.signposts(direction: direction, value),
            hadUnreadableMaxspeed: false)
        if let text = value("duration"), let seconds = Self.readDuration(text) {
            interpretation.crossingDuration = max(seconds, Self.shortestCrossing)
        }
        return interpretation
    }

    /// OSRM rounds a tagged crossing up to at least one second.
    static let shortestCrossing: Seconds = 1

    /// Reads a `duration` value in the forms OSRM accepts: ISO 8601 (`PT1H30M`, `P1DT2H`, `PT45M30S`),
    /// `hh:mm:ss`, `hh:mm`, or a bare number of minutes (`90`); nil for anything else.
    static func readDuration(_ text: String) -> Seconds? {
        let t = text.trimmingCharacters()
        if t.hasPrefix("P") { return readISO8601Duration(t.dropFirst()) }
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Double] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let n = Double(part), n.isFinite else { return nil }
            numbers.append(n)
        }
        switch numbers.count {
        case 1: return numbers[0] * 60
        case 2: return numbers[0] * 3600 + numbers[1] * 60
        default: return numbers[0] * 3600 + numbers[1] * 60 + numbers[2]
        }
    }

    /// The part of an ISO 8601 duration after `P`: `[nW][nD][T[nH][nM][nS]]`.
    private static func readISO8601Duration(_ body: Substring) -> Seconds? {
        var total: Seconds = 0
        var number = ""
        var inTime = false
        var sawValue = false
        for ch in body {
            if ch.isASCII && (ch.isNumber || ch == ".") { number.append(ch); continue }
            if ch == "T" && number.isEmpty && !inTime { inTime = true; continue }
            guard let n = Double(number) else { return nil }
            let unit: Seconds
            switch (ch, inTime) {
            case ("W", false): unit = 7 * 86_400
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            total += n * unit
            number = ""
            sawValue = true
        }
        return number.isEmpty && sawValue ? total : nil
    }
}
