import Geodesy

extension ARMarkerList {
    /// The AR app's marker list as JSON: frame and conventions, batches, then one marker per line.
    ///
    /// Positions to the millimetre, coordinates to 1e-7° (about 1 cm), angles to 0.01° / 1e-4 rad.
    /// The geo-anchor altitude is `null` when the ground height is unknown (the app then lets ARKit
    /// place the anchor on its own terrain).
    /// - Complexity: O(markers).
    public func json() -> String {
        typealias F = ExportFormatting
        var out = "{\n"
        out += "  \"format\": \"waymark-ar-markers\",\n  \"version\": 1,\n"
        out += "  \"units\": {\"position\": \"m\", \"distance\": \"m\", \"altitude\": \"m\", \"bearing\": \"deg\", \"yaw\": \"rad\", \"speed\": \"km/h\"},\n"
        out += "  \"axes\": {\"enu\": \"east, north, up in the tangent plane at the origin (exact WGS-84 ellipsoid -> ECEF -> ENU), origin at the camera\", "
        out += "\"arkit\": \"ARKit worldAlignment gravityAndHeading: x = east, y = up, z = south (z = -north); origin at the camera\", "
        out += "\"yaw\": \"radians about +y, counter-clockwise seen from above; 0 = the model's forward (-z) facing north, -pi/2 = east, +pi/2 = west, pi = south\", "
        out += "\"bearing\": \"degrees clockwise from true north\"},\n"
        out += "  \"origin\": {\"latitude\": \(F.fixed(frame.origin.latitude, 7)), \"longitude\": \(F.fixed(frame.origin.longitude, 7)), "
        out += "\"groundAltitude\": \(originElevationSource == .unknown ? "null" : F.fixed(frame.groundAltitude, 3)), "
        out += "\"elevationSource\": \"\(originElevationSource.rawValue)\", \"cameraHeight\": \(F.fixed(frame.cameraHeight, 3)), "
        out += "\"roadSurfaceY\": \(F.fixed(-frame.cameraHeight, 3))},\n"
        out += "  \"options\": {\"batchSize\": \(options.batchSize), \"batchTrigger\": \(F.fixed(options.batchTrigger, 3)), "
        out += "\"visibilityRadius\": \(F.fixed(options.visibilityRadius, 3)), \"heightsAboveGround\": {\"road\": \(F.fixed(options.roadMarkerHeight, 3)), "
        out += "\"turn_arrow\": \(F.fixed(options.turnArrowHeight, 3)), \"via\": \(F.fixed(options.destinationHeight, 3)), "
        out += "\"destination\": \(F.fixed(options.destinationHeight, 3)), \"poi\": \(F.fixed(options.poiLabelHeight, 3))}},\n"
        out += "  \"routeDistance\": \(F.fixed(routeDistance, 2)),\n"
        out += "  \"markerCount\": \(markers.count),\n"
        out += "  \"batches\": ["
        for (i, b) in batches.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    {\"index\": \(b.index), \"firstMarker\": \(b.markers.lowerBound), \"lastMarker\": \(b.markers.upperBound - 1), "
            out += "\"count\": \(b.markers.count), \"startDistance\": \(F.fixed(b.startDistance, 2)), \"endDistance\": \(F.fixed(b.endDistance, 2)), "
            if let t = b.nextBatchTrigger {
                out += "\"nextBatchTrigger\": {\"distanceAlongRoute\": \(F.fixed(t.distanceAlongRoute, 2)), \"latitude\": \(F.fixed(t.coordinate.latitude, 7)), "
                out += "\"longitude\": \(F.fixed(t.coordinate.longitude, 7)), \"radius\": \(F.fixed(t.radius, 3)), \"markerIndex\": \(t.markerIndex)}}"
            } else {
                out += "\"nextBatchTrigger\": null}"
            }
        }
        out += batches.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"markers\": ["
        for (i, m) in markers.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += markerJSON(m)
        }
        out += markers.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Index of the batch holding marker `index`.
    func batchIndex(ofMarker index: Int) -> Int { index / max(1, options.batchSize) }

    private func markerJSON(_ m: ARMarker) -> String {
        typealias F = ExportFormatting
        var s = "{\"index\": \(m.index), \"batch\": \(batchIndex(ofMarker: m.index)), \"kind\": \"\(m.kind.rawValue)\", "
        s += "\"arrow\": \(F.jsonString(m.arrow?.rawValue)), \"color\": \"\(m.color.rawValue)\", \"warning\": \"\(m.warning.rawValue)\", "
        s += "\"speedLimit\": \(F.jsonNumber(m.speedLimit?.kind == .limited ? Double(m.speedLimit!.kilometersPerHour) : nil, 1)), "
        s += "\"distanceAlongRoute\": \(F.fixed(m.distanceAlongRoute, 2)), "
        s += "\"enu\": {\"east\": \(F.fixed(m.enu.east, 3)), \"north\": \(F.fixed(m.enu.north, 3)), \"up\": \(F.fixed(m.enu.up, 3))}, "
        s += "\"arkit\": {\"x\": \(F.fixed(m.arkit.x, 3)), \"y\": \(F.fixed(m.arkit.y, 3)), \"z\": \(F.fixed(m.arkit.z, 3))}, "
        s += "\"geoAnchor\": {\"latitude\": \(F.fixed(m.coordinate.latitude, 7)), \"longitude\": \(F.fixed(m.coordinate.longitude, 7)), "
        s += "\"altitude\": \(m.elevationSource == .unknown ? "null" : F.fixed(m.altitude, 3))}, "
        s += "\"elevationSource\": \"\(m.elevationSource.rawValue)\", \"heightAboveGround\": \(F.fixed(m.heightAboveGround, 3)), "
        s += "\"heading\": {\"bearing\": \(F.fixed(m.bearing.degrees, 2)), \"yaw\": \(F.fixed(m.yaw, 4))}, "
        s += "\"visibilityRadius\": \(F.fixed(m.visibilityRadius, 3)), \"instruction\": \(F.jsonString(m.instruction))"
        if let w = m.waypointSequence { s += ", \"waypoint\": \(w)" }
        if let label = m.label {
            let poi = label.pointOfInterest
            s += ", \"poi\": {\"name\": \(F.jsonString(poi.name)), \"category\": \(F.jsonString(label.category)), "
            s += "\"osmType\": \"\(poi.osmType)\", \"osmId\": \(poi.osmID), \"distanceFromRoute\": \(F.fixed(label.distanceFromRoute, 2))}"
        }
        return s + "}"
    }
}
