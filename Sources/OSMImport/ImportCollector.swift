import Geodesy
import RoadNetwork

/// Receives decoded elements and keeps only what the car graph needs: every node's coordinate, the
/// drivable ways (interpreted by the profile, node refs in one flat array), `ele` values, points of
/// interest, car ferries, and turn restrictions (via a node or via ways). `assembleGraph()` then resolves everything, so element
/// order in the file does not matter.
///
/// Memory: 16 bytes per node (`NodeCoordinateTable`) plus 8 bytes per drivable-way node ref; node
/// tags are never kept beyond `ele`, POI tags, and the traffic controls and motorway junction exit
/// numbers the profile reads from them.
final class ImportCollector: OSMElementReceiver {
    /// Node tag keys the decoder should pass on (everything else is dropped without allocating).
    static let nodeTagKeys = ["ele", "name", "ref"] + poiKeys + trafficControlKeys
        + CarProfile.barrierKeys.filter { !trafficControlKeys.contains($0) }
    /// Node tag keys the profile reads for traffic controls (`CarProfile.interpretNode`).
    static let trafficControlKeys = ["highway", "direction", "traffic_signals:direction", "stop"]
    /// Tag keys that make a named node or closed way a point of interest, in order of preference.
    static let poiKeys = ["amenity", "tourism", "shop", "leisure", "historic", "office", "craft"]
    /// Way tag keys the profile, the statistics and the POI search read.
    static let wayTagKeys = ["highway", "maxspeed", "name", "ref", "area", "service", "junction", "oneway", "toll", "toll:motorcar",
                             "tunnel", "bridge", "maxspeed:forward", "maxspeed:backward", "maxspeed:type",
                             "maxspeed:advisory", "maxspeed:advisory:forward", "maxspeed:advisory:backward",
                             "surface", "tracktype", "smoothness",
                             "source:maxspeed", "zone:maxspeed", "zone:traffic", "route", "duration", "landuse", "place",
                             "hov", "hov:lanes", "hov:lanes:forward", "hov:lanes:backward"]
        + CarProfile.accessKeys + CarProfile.signpostKeys + CarProfile.turnLaneKeys + poiKeys
    /// Relation tag keys the restriction reader uses.
    static let relationTagKeys = ["type", "restriction", "restriction:motorcar", "restriction:motor_vehicle", "except"]

    let profile: CarProfile
    var statistics = ImportStatistics()
    /// The rule-relevant tags of every drivable way (`WayTagSets`), for the speed-limit estimate.
    var wayTagSets: WayTagSets

    var nodes = NodeCoordinateTable()
    /// `ele` of the few nodes that have one, metres.
    var elevations: [Int64: Float] = [:]
    /// Traffic signals, stop and give-way signs by node id (the profile's reading of the node's tags).
    var trafficControls: [Int64: TrafficControl] = [:]
    /// Nodes no car passes (`CarProfile.interpretBarrier`), by id; gates are traffic controls instead.
    var blockingBarriers: Set<Int64> = []
    /// Exit numbers of motorway junctions by node id (the profile's reading of the node's tags).
    var junctionExits: [Int64: String] = [:]
    var pointsOfInterest: [PointOfInterest] = []

    /// Drivable ways: `wayRefs[wayRefStart[i] ..< wayRefStart[i + 1]]` are way i's node ids.
    var wayIDs: [Int64] = []
    var wayAttributes: [WayInterpretation] = []
    var wayRefs: [Int64] = []
    var wayRefStart: [Int] = [0]

    /// Closed ways outlining built-up areas (`BuiltUpAreas.isBuiltUpArea`), as node ids until the stream ends.
    var pendingBuiltUpAreas: [[Int64]] = []
    /// Their outlines, resolved by `assembleGraph()`.
    var builtUpAreas = BuiltUpAreas()

    /// Named closed ways that are points of interest, resolved to their centre after the stream.
    struct PendingAreaPOI { var id: Int64; var name: String; var key: String; var category: String; var refs: [Int64] }
    var pendingAreaPOIs: [PendingAreaPOI] = []

    /// A via-node restriction as read; members are resolved after the stream.
    struct PendingRestriction { var id: Int64; var kind: TurnRestriction.Kind; var fromWay: Int64; var via: Int64; var toWay: Int64 }
    var pendingRestrictions: [PendingRestriction] = []
    /// A restriction with via ways as read: `ways` are from, the via ways in member order, to.
    struct PendingViaWayRestriction { var id: Int64; var kind: TurnRestriction.Kind; var ways: [Int64] }
    var pendingViaWayRestrictions: [PendingViaWayRestriction] = []

    /// - Parameter legalTagKeys: the way tag keys the legal speed rules read (kept per way in `wayTagSets`).
    init(profile: CarProfile, legalTagKeys: Set<String> = []) {
        self.profile = profile
        wayTagSets = WayTagSets(keys: legalTagKeys)
    }

    /// The way tag keys the decoder passes on: the profile's and the legal rules'.
    var wayTagKeysWanted: [String] {
        Self.wayTagKeys + wayTagSets.keys.subtracting(Self.wayTagKeys).sorted()
    }

    func receiveNode(id: Int64, latitudeE7: Int32, longitudeE7: Int32, tags: [OSMTag]) throws(ElementProblem) {
        nodes.append(id: id, latitudeE7: latitudeE7, longitudeE7: longitudeE7)
        guard !tags.isEmpty else { return }
        var name: String?
        var hasHighway = false, mayBeBarrier = false
        for tag in tags {
            if tag.key == "barrier" || CarProfile.accessKeys.contains(tag.key) {
                mayBeBarrier = true
            } else if tag.key == "ele" {
                if let e = Self.parseElevation(tag.value) { elevations[id] = e }
            } else if tag.key == "name" {
                name = tag.value
            } else if tag.key == "highway" {
                hasHighway = true
            }
        }
        if hasHighway, let control = profile.interpretNode(tags) { trafficControls[id] = control }
        if mayBeBarrier { recordBarrier(id: id, tags: tags) }
        if hasHighway, let exit = profile.junctionExit(tags) { junctionExits[id] = exit }
        if let name, !name.isEmpty, let (key, category) = Self.poiCategory(tags) {
            let coordinate = Coordinate(fixedPointLatitude: latitudeE7, longitude: longitudeE7)
            pointsOfInterest.append(PointOfInterest(osmID: id, osmType: .node, name: name, key: key, category: category, coordinate: coordinate))
        }
    }

    /// Keeps what the profile reads from a node's barrier and access tags: a gate as a traffic control
    /// (it outranks a signal or sign on the same node: the wait at the gate is the longer), a blocking
    /// barrier in `blockingBarriers`.
    private func recordBarrier(id: Int64, tags: [OSMTag]) {
        switch profile.interpretBarrier(tags) {
        case .passable: break
        case .gate: trafficControls[id] = TrafficControl(kind: .gate)
        case .blocking: blockingBarriers.insert(id)
        }
    }

    func receiveWay(id: Int64, nodeRefs: [Int64], tags: [OSMTag]) throws(ElementProblem) {
        var hasHighway = false, hasMaxspeed = false, isFerry = false
        var name: String?
        for tag in tags {
            switch tag.key {
            case "highway": hasHighway = true
            case "maxspeed": hasMaxspeed = true
            case "name": name = tag.value
            case "route": isFerry = CarProfile.boardingRoutes.contains(tag.value)
            default: break
            }
        }
        if hasMaxspeed { statistics.waysWithMaxspeedTag += 1 }
        if isFerry {
            statistics.ferryWays += 1
            if let attributes = profile.interpretFerry(tags) {
                statistics.carFerryWays += 1
                keepDrivable(id: id, nodeRefs: nodeRefs, attributes: attributes)
            }
        } else if hasHighway {
            statistics.highwayWays += 1
            if hasMaxspeed { statistics.highwayWaysWithMaxspeedTag += 1 }
            if let attributes = profile.interpret(tags) {
                statistics.drivableWays += 1
                if hasMaxspeed { statistics.drivableWaysWithMaxspeedTag += 1 }
                if attributes.hadUnreadableMaxspeed { statistics.unreadableMaxspeedWays += 1 }
                statistics.count(attributes.turnLanes)
                keepDrivable(id: id, nodeRefs: nodeRefs, attributes: attributes)
                if !wayTagSets.keys.isEmpty { wayTagSets.record(way: id, tags: tags) }
            }
        }
        if !hasHighway, nodeRefs.count >= 4, nodeRefs.first == nodeRefs.last, BuiltUpAreas.isBuiltUpArea(tags) {
            pendingBuiltUpAreas.append(nodeRefs)
        }
        if let name, !name.isEmpty, nodeRefs.count >= 3, nodeRefs.first == nodeRefs.last,
           let (key, category) = Self.poiCategory(tags) {
            pendingAreaPOIs.append(PendingAreaPOI(id: id, name: name, key: key, category: category, refs: nodeRefs))
        }
    }

    private func keepDrivable(id: Int64, nodeRefs: [Int64], attributes: WayInterpretation) {
        wayIDs.append(id)
        wayAttributes.append(attributes)
        wayRefs.append(contentsOf: nodeRefs)
        wayRefStart.append(wayRefs.count)
    }

    func receiveRelation(id: Int64, members: [OSMMember], tags: [OSMTag]) throws(ElementProblem) {
        var type: String?
        for tag in tags where tag.key == "type" { type = tag.value }
        guard type == "restriction" else { return }
        statistics.restrictionRelations += 1
        // Skipped relations are counted once at the end (relations minus those that resolved).
        guard let kind = Self.restrictionKind(tags) else {
            statistics.restrictionsNotForCars += 1
            return
        }
        var from: [Int64] = [], to: [Int64] = [], viaNodes: [Int64] = [], viaWays: [Int64] = []
        for member in members {
            switch (member.role, member.type) {
            case ("from", .way): from.append(member.ref)
            case ("to", .way): to.append(member.ref)
            case ("via", .node): viaNodes.append(member.ref)
            case ("via", .way): viaWays.append(member.ref)
            default: break
            }
        }
        if !viaWays.isEmpty {
            statistics.restrictionsWithViaWay += 1
            guard from.count == 1, to.count == 1, viaNodes.isEmpty else {
                statistics.viaWayRestrictionsMalformed += 1
                return
            }
            pendingViaWayRestrictions.append(PendingViaWayRestriction(id: id, kind: kind, ways: from + viaWays + to))
            return
        }
        guard viaNodes.count == 1, Self.membersFit(restriction: Self.restrictionValue(tags), from: from.count, to: to.count) else { return }
        for fromWay in from {
            for toWay in to {
                pendingRestrictions.append(PendingRestriction(id: id, kind: kind, fromWay: fromWay, via: viaNodes[0], toWay: toWay))
            }
        }
    }

    /// Whether a via-node restriction's member counts make sense, as OSRM reads them: one `from` and one
    /// `to`, except `no_entry` (several ways in, one out) and `no_exit` (one in, several out), which
    /// forbid every such pair.
    static func membersFit(restriction: String?, from: Int, to: Int) -> Bool {
        switch restriction {
        case "no_entry": return from >= 1 && to == 1
        case "no_exit": return from == 1 && to >= 1
        default: return from == 1 && to == 1
        }
    }

    /// The restriction value that applies to cars: `restriction:motorcar`, else `:motor_vehicle`, else the plain one.
    static func restrictionValue(_ tags: [OSMTag]) -> String? {
        for key in ["restriction:motorcar", "restriction:motor_vehicle", "restriction"] {
            for tag in tags where tag.key == key { return tag.value.trimmingCharacters() }
        }
        return nil
    }

    /// The restriction's kind for cars, or nil when it does not apply to cars (`except=motorcar`,
    /// only `restriction:hgv` …) or is not a turn restriction we know.
    static func restrictionKind(_ tags: [OSMTag]) -> TurnRestriction.Kind? {
        func value(_ key: String) -> String? {
            for tag in tags where tag.key == key { return tag.value }
            return nil
        }
        if let except = value("except") {
            let exempt = except.split(separator: ";").map { $0.trimmingCharacters() }
            if exempt.contains("motorcar") || exempt.contains("motor_vehicle") { return nil }
        }
        guard let text = restrictionValue(tags) else { return nil }
        // As OSRM reads them: any `only_*` is mandatory and any `no_*` prohibitive, except the
        // `no_*_on_red` signs, which forbid turning while the light is red, not turning.
        if text.hasPrefix("only_") { return .mandatory }
        if text.hasPrefix("no_") && !text.hasSuffix("_on_red") { return .prohibitive }
        return nil
    }

    /// The first POI key present, with its value as the category.
    static func poiCategory(_ tags: [OSMTag]) -> (String, String)? {
        for key in poiKeys {
            for tag in tags where tag.key == key && !tag.value.isEmpty && tag.value != "no" { return (key, tag.value) }
        }
        return nil
    }

    /// Reads `ele` (`312`, `312.5`, `312 m`, `312m`); nil when not a number of metres.
    static func parseElevation(_ text: String) -> Float? {
        var t = text.trimmingCharacters()
        if t.hasSuffix("m") { t = String(t.dropLast()).trimmingCharacters() }
        t = t.replacingComma()
        guard let v = Float(t), v.isFinite, abs(v) < 10_000 else { return nil }
        return v
    }
}

extension String {
    /// `12,5` -> `12.5` (a decimal comma seen in `ele` tags).
    fileprivate func replacingComma() -> String {
        guard contains(",") else { return self }
        return String(map { $0 == "," ? "." : $0 })
    }
}
