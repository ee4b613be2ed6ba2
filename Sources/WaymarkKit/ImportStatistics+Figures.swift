import OSMImport
import RoadNetworkStore

extension ImportStatistics {
    /// The importer's counts as named figures for the database metadata (`waymark info` shows them).
    /// Names match the shared extracts' manifest.json where the meaning is the same.
    public var figures: [RoadNetworkMetadata.ImportFigure] {
        [
            .init(name: "nodes", value: nodesRead),
            .init(name: "ways", value: waysRead),
            .init(name: "relations", value: relationsRead),
            .init(name: "duplicate_node_ids", value: duplicateNodeIDs),
            .init(name: "nd_without_ref", value: nodeRefsWithoutRef),
            .init(name: "highway_ways", value: highwayWays),
            .init(name: "maxspeed_ways", value: waysWithMaxspeedTag),
            .init(name: "highway_ways_with_maxspeed", value: highwayWaysWithMaxspeedTag),
            .init(name: "drivable_ways", value: drivableWays),
            .init(name: "drivable_ways_with_maxspeed", value: drivableWaysWithMaxspeedTag),
            .init(name: "unreadable_maxspeed_ways", value: unreadableMaxspeedWays),
            .init(name: "turn_lane_ways", value: waysWithTurnLanes),
            .init(name: "turn_lane_ways_unknown_indication", value: turnLaneWaysWithUnknownIndication),
            .init(name: "turn_lane_ways_count_mismatch", value: turnLaneWaysWithLaneCountMismatch),
            .init(name: "ferry_ways", value: ferryWays),
            .init(name: "car_ferry_ways", value: carFerryWays),
            .init(name: "missing_node_refs_dropped", value: missingNodeRefsDropped),
            .init(name: "ways_with_missing_nodes", value: waysWithMissingNodes),
            .init(name: "ways_dropped", value: waysDropped),
            .init(name: "restriction_relations", value: restrictionRelations),
            .init(name: "restrictions_kept", value: restrictionsKept),
            .init(name: "restrictions_skipped", value: restrictionsSkipped),
            .init(name: "restrictions_with_via_way", value: restrictionsWithViaWay),
            .init(name: "via_way_restrictions_kept", value: viaWayRestrictionsKept),
            .init(name: "via_way_restrictions_malformed", value: viaWayRestrictionsMalformed),
            .init(name: "via_way_restrictions_missing_ways", value: viaWayRestrictionsMissingWays),
            .init(name: "via_way_restrictions_unconnected", value: viaWayRestrictionsUnconnected),
            .init(name: "restrictions_not_for_cars", value: restrictionsNotForCars),
            .init(name: "restrictions_ambiguous", value: restrictionsAmbiguous),
            .init(name: "barrier_nodes", value: barrierNodes),
            .init(name: "gate_nodes", value: gateNodes),
            .init(name: "barriers_off_roads", value: barriersOffRoads),
            .init(name: "roundabouts_clockwise", value: clockwiseRoundabouts),
            .init(name: "roundabouts_counterclockwise", value: counterclockwiseRoundabouts),
            .init(name: "xml_bytes", value: Int(xmlBytesRead)),
            .init(name: "input_bytes", value: Int(inputBytesRead)),
            .init(name: "import_milliseconds", value: Int((elapsedSeconds * 1000).rounded())),
            .init(name: "pbf_blocks", value: pbfBlocks),
            .init(name: "built_up_areas", value: builtUpAreas),
            .init(name: "speed_limit_estimate_milliseconds", value: Int((speedLimitEstimateSeconds * 1000).rounded())),
        ]
    }
}
