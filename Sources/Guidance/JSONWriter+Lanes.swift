import OutputEncoding

extension JSONWriter {
    /// A lane list, left to right: OSRM's lane objects (`indications`, `valid`) with Mapbox's `active` and
    /// `valid_indication`, the one lane writer of every output. OSRM's intersections leave an absent
    /// `valid_indication` out (`nullForAbsentIndication` false); Waymark's own outputs write it as null so
    /// every lane object has the same keys.
    public mutating func lanes(_ lanes: [Lane], nullForAbsentIndication: Bool) {
        beginArray()
        for lane in lanes {
            beginObject()
            key("indications")
            beginArray()
            for indication in lane.indications { string(indication.rawValue) }
            endArray()
            field("valid", lane.valid)
            field("active", lane.active)
            if nullForAbsentIndication || lane.validIndication != nil {
                field("valid_indication", lane.validIndication?.rawValue)
            }
            endObject()
        }
        endArray()
    }
}
