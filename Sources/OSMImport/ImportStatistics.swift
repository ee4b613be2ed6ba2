import Geodesy

/// Counts gathered while importing, for `waymark info`/`import` output and for checking an import
/// against independent counts (the shared extracts' manifest).
public struct ImportStatistics: Sendable, Equatable {
    // MARK: Elements in the file
    public var nodesRead = 0
    public var waysRead = 0
    public var relationsRead = 0
    /// Nodes whose id appeared before in the file (the first one is kept).
    public var duplicateNodeIDs = 0
    /// `<nd/>` elements without a `ref` attribute (skipped).
    public var nodeRefsWithoutRef = 0
    /// Elements marked `action="delete"` (JOSM files) or `visible="false"`, not counted above and skipped.
    public var deletedElementsSkipped = 0

    // MARK: Ways
    /// Ways with any `highway=*` tag.
    public var highwayWays = 0
    /// Ways the car profile accepted.
    public var drivableWays = 0
    /// Ways with a `maxspeed=*` tag (any way).
    public var waysWithMaxspeedTag = 0
    /// Ways with both `highway=*` and `maxspeed=*`.
    public var highwayWaysWithMaxspeedTag = 0
    /// Drivable ways with a `maxspeed=*` tag.
    public var drivableWaysWithMaxspeedTag = 0
    /// Drivable ways whose `maxspeed` could not be read (the class default was used).
    public var unreadableMaxspeedWays = 0
    /// Ways with `route=ferry`.
    public var ferryWays = 0
    /// Ferry ways open to cars (kept as `ferry` edges).
    public var carFerryWays = 0

    // MARK: Lanes
    /// Drivable ways whose lanes (`turn:lanes`) were kept, in at least one direction.
    public var waysWithTurnLanes = 0
    /// Drivable ways whose lanes were dropped because a lane names an arrow OSM does not know.
    public var turnLaneWaysWithUnknownIndication = 0
    /// Drivable ways whose lanes were dropped because their count disagrees with the way's `lanes*` tags.
    public var turnLaneWaysWithLaneCountMismatch = 0

    // MARK: Clipped extracts
    /// Node references of drivable ways whose node is not in the file (dropped; the way is split there).
    public var missingNodeRefsDropped = 0
    /// Drivable ways that lost at least one node reference.
    public var waysWithMissingNodes = 0
    /// Drivable ways left with fewer than two nodes (dropped entirely).
    public var waysDropped = 0
    /// Directed edges merged into a cheaper parallel one joining the same two nodes directly (a way
    /// running back and forth, ways drawn twice; see `assembleGraph`).
    public var parallelSegmentsMerged = 0

    // MARK: Turn restrictions
    /// Relations with `type=restriction`.
    public var restrictionRelations = 0
    /// Restriction relations that became at least one graph restriction.
    public var restrictionsKept = 0
    /// Restriction relations not kept (all reasons below, and members missing from the graph).
    public var restrictionsSkipped = 0
    /// Relations whose via members are ways (kept as `ViaWayRestriction`s when they resolve).
    public var restrictionsWithViaWay = 0
    /// Relations with via ways that became at least one graph via-way restriction.
    public var viaWayRestrictionsKept = 0
    /// Dropped: not exactly one `from` and one `to` way, or via nodes mixed with via ways.
    public var viaWayRestrictionsMalformed = 0
    /// Dropped: a member way is missing from the extract or not drivable.
    public var viaWayRestrictionsMissingWays = 0
    /// Dropped: consecutive member ways share no node, or no drivable path follows them in order.
    public var viaWayRestrictionsUnconnected = 0
    /// Via-node restrictions skipped because a member way runs through the via node instead of ending there.
    public var restrictionsAmbiguous = 0
    /// Skipped because `except` names cars, or the restriction is for other vehicles only.
    public var restrictionsNotForCars = 0

    // MARK: Traffic controls
    /// Routing nodes with traffic signals, stop signs (`stop=minor` included) and give-way signs.
    public var trafficSignalNodes = 0
    public var stopNodes = 0
    public var giveWayNodes = 0
    /// Gates on drivable ways (passed after `TurnCostModel.gateDelay`).
    public var gateNodes = 0
    /// Barriers on drivable ways that no car passes (each road arriving there ends).
    public var barrierNodes = 0
    /// Barrier and gate nodes on no drivable way, left out.
    public var barriersOffRoads = 0

    // MARK: Driving side
    /// Roundabouts whose traffic circulates clockwise (left-hand traffic) and counterclockwise.
    public var clockwiseRoundabouts = 0
    public var counterclockwiseRoundabouts = 0

    // MARK: Speed limits
    /// Where the roads' region (country or subdivision) came from.
    public var speedLimitRegionOrigin: RegionOrigin = .none
    /// Closed ways outlining built-up areas (residential, commercial, retail land use; settlements).
    public var builtUpAreas = 0
    /// Part of `assemblySeconds` spent estimating the limits no way posts.
    public var speedLimitEstimateSeconds: Seconds = 0

    // MARK: Output
    public var pointsOfInterest = 0
    public var routingNodes = 0
    public var edges = 0

    // MARK: Work
    /// The input's format (told by its content).
    public var format: OSMInputFormat = .xml
    /// Wall-clock time of the whole import.
    public var elapsedSeconds: Seconds = 0
    /// Part of `elapsedSeconds` spent reading and decoding the XML.
    public var decodeSeconds: Seconds = 0
    /// Part of `elapsedSeconds` spent resolving ways and laying out the graph.
    public var assemblySeconds: Seconds = 0
    /// Decompressed XML bytes parsed.
    public var xmlBytesRead: Int64 = 0
    /// Bytes read from the input (the compressed size for .gz/.bz2).
    public var inputBytesRead: Int64 = 0
    /// PBF file blocks read, header included (0 for XML).
    public var pbfBlocks = 0
    /// Uncompressed bytes of the PBF data blocks decoded (0 for XML).
    public var pbfBytesDecoded: Int64 = 0
    /// Threads the PBF import worked with (`ImportOptions.threads`; 0 for XML).
    public var decodingThreads = 0

    public init() {}

    /// Nodes + ways + relations.
    public var elementsRead: Int { nodesRead + waysRead + relationsRead }

    /// Input throughput, megabytes (10^6 bytes) of the file as read per second.
    public var inputMegabytesPerSecond: Double {
        elapsedSeconds > 0 ? Double(inputBytesRead) / 1e6 / elapsedSeconds : 0
    }

    /// XML throughput, megabytes (10^6 bytes) per second.
    public var xmlMegabytesPerSecond: Double {
        elapsedSeconds > 0 ? Double(xmlBytesRead) / 1e6 / elapsedSeconds : 0
    }
}

/// The encoding of an OSM input, as told by its first bytes.
public enum OSMInputFormat: String, Sendable, Equatable {
    /// OSM XML, plain or gzip/bzip2-compressed.
    case xml
    /// OSM PBF (protocol buffers, zlib-compressed blocks).
    case pbf
}

extension ImportStatistics {
    /// Counts one drivable way's lanes: kept, or dropped and why.
    mutating func count(_ lanes: WayTurnLanes) {
        switch lanes.problem {
        case .unknownIndication: turnLaneWaysWithUnknownIndication += 1
        case .laneCountMismatch: turnLaneWaysWithLaneCountMismatch += 1
        case nil: if !lanes.isEmpty { waysWithTurnLanes += 1 }
        }
    }

    /// Drivable ways whose lanes were dropped as malformed, for every reason.
    public var turnLaneWaysDropped: Int { turnLaneWaysWithUnknownIndication + turnLaneWaysWithLaneCountMismatch }
}
