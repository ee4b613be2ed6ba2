import RoadNetwork

/// A named kind of place a query can ask for (`restaurant`), mapped to the OSM tag that marks it.
public struct PointOfInterestCategory: Hashable, Sendable {
    /// The name used in queries and exports (`restaurant`).
    public var name: String
    /// The OSM key (`amenity`).
    public var key: String
    /// The OSM value (`restaurant`).
    public var value: String

    public init(name: String, key: String, value: String) {
        self.name = name
        self.key = key
        self.value = value
    }

    /// Whether a place carries this category's tag.
    public func matches(_ poi: PointOfInterest) -> Bool { poi.key == key && poi.category == value }

    /// The documented table of categories (docs/ar.md, "Place categories").
    public static let known: [PointOfInterestCategory] = [
        // Food and drink
        .init(name: "restaurant", key: "amenity", value: "restaurant"),
        .init(name: "cafe", key: "amenity", value: "cafe"),
        .init(name: "bar", key: "amenity", value: "bar"),
        .init(name: "pub", key: "amenity", value: "pub"),
        .init(name: "fast_food", key: "amenity", value: "fast_food"),
        .init(name: "ice_cream", key: "amenity", value: "ice_cream"),
        // Car
        .init(name: "fuel", key: "amenity", value: "fuel"),
        .init(name: "charging_station", key: "amenity", value: "charging_station"),
        .init(name: "parking", key: "amenity", value: "parking"),
        .init(name: "car_wash", key: "amenity", value: "car_wash"),
        .init(name: "car_rental", key: "amenity", value: "car_rental"),
        .init(name: "car_repair", key: "shop", value: "car_repair"),
        // Services and health
        .init(name: "hospital", key: "amenity", value: "hospital"),
        .init(name: "pharmacy", key: "amenity", value: "pharmacy"),
        .init(name: "doctors", key: "amenity", value: "doctors"),
        .init(name: "bank", key: "amenity", value: "bank"),
        .init(name: "atm", key: "amenity", value: "atm"),
        .init(name: "post_office", key: "amenity", value: "post_office"),
        .init(name: "police", key: "amenity", value: "police"),
        .init(name: "toilets", key: "amenity", value: "toilets"),
        // Culture
        .init(name: "library", key: "amenity", value: "library"),
        .init(name: "theatre", key: "amenity", value: "theatre"),
        .init(name: "cinema", key: "amenity", value: "cinema"),
        .init(name: "place_of_worship", key: "amenity", value: "place_of_worship"),
        .init(name: "museum", key: "tourism", value: "museum"),
        .init(name: "gallery", key: "tourism", value: "gallery"),
        .init(name: "artwork", key: "tourism", value: "artwork"),
        // Stay and sights
        .init(name: "hotel", key: "tourism", value: "hotel"),
        .init(name: "hostel", key: "tourism", value: "hostel"),
        .init(name: "guest_house", key: "tourism", value: "guest_house"),
        .init(name: "camp_site", key: "tourism", value: "camp_site"),
        .init(name: "attraction", key: "tourism", value: "attraction"),
        .init(name: "viewpoint", key: "tourism", value: "viewpoint"),
        .init(name: "information", key: "tourism", value: "information"),
        // Shops
        .init(name: "supermarket", key: "shop", value: "supermarket"),
        .init(name: "bakery", key: "shop", value: "bakery"),
        .init(name: "convenience", key: "shop", value: "convenience"),
        .init(name: "clothes", key: "shop", value: "clothes"),
        // Leisure
        .init(name: "park", key: "leisure", value: "park"),
        .init(name: "playground", key: "leisure", value: "playground"),
        .init(name: "sports_centre", key: "leisure", value: "sports_centre"),
        .init(name: "stadium", key: "leisure", value: "stadium"),
        .init(name: "marina", key: "leisure", value: "marina"),
        // History
        .init(name: "monument", key: "historic", value: "monument"),
        .init(name: "memorial", key: "historic", value: "memorial"),
        .init(name: "castle", key: "historic", value: "castle"),
        .init(name: "ruins", key: "historic", value: "ruins"),
        .init(name: "archaeological_site", key: "historic", value: "archaeological_site"),
    ]

    /// The table entry of a name (case-insensitive), or nil.
    public static func named(_ name: String) -> PointOfInterestCategory? {
        let wanted = name.lowercased()
        return known.first { $0.name == wanted }
    }

    /// The table name of a place's tag, or nil when the tag is not in the table.
    public static func name(forKey key: String, value: String) -> String? {
        known.first { $0.key == key && $0.value == value }?.name
    }

    /// Parses a comma-separated list (`restaurant,cafe`), rejecting unknown names, empty entries and
    /// more than `maximum` distinct categories.
    public static func parseList(_ text: String, maximum: Int = PointOfInterestQuery.maximumCategories) throws(PlacesError) -> [PointOfInterestCategory] {
        var result: [PointOfInterestCategory] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: " \t")
            guard !name.isEmpty else {
                throw .invalidValue(.categories, value: text, expected: "a comma-separated list of category names with no empty entries, e.g. restaurant,cafe")
            }
            guard let category = named(name) else { throw .unknownCategory(name, known: known.map(\.name)) }
            if !result.contains(category) { result.append(category) }
        }
        guard result.count <= maximum else { throw .tooManyCategories(count: result.count, maximum: maximum) }
        return result
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
