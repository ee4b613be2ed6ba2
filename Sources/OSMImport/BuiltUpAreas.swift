import Geodesy

/// The built-up areas an extract maps: closed ways of residential, commercial or retail land use, and
/// the areas of settlements (`place=city` … `hamlet`, `suburb`, `quarter`, `neighbourhood`), indexed
/// for point queries. Roads inside one are urban (`BuiltUpArea.urbanByArea`).
///
/// Multipolygon relations are not assembled (their member ways' nodes are gone by the time the
/// relations are read); where a town maps its land use only so, the road density still decides.
struct BuiltUpAreas: Sendable {
    /// `landuse` values that mean a built-up area.
    static let landUses: Set<String> = ["residential", "commercial", "retail"]
    /// `place` values whose area is a settlement.
    static let places: Set<String> = ["city", "town", "village", "hamlet", "suburb", "quarter", "neighbourhood"]

    /// Whether a closed way with these tags outlines a built-up area.
    static func isBuiltUpArea(_ tags: [OSMTag]) -> Bool {
        for tag in tags {
            if tag.key == "landuse" && landUses.contains(tag.value) { return true }
            if tag.key == "place" && places.contains(tag.value) { return true }
        }
        return false
    }

    /// Grid cell side, degrees (about 1 km north-south).
    static let cellSize: Degrees = 0.01

    /// Ring vertices of every area: `points[first[a] ..< first[a + 1]]`, closed.
    private var points: [Coordinate] = []
    private var first: [Int] = [0]
    private var boxes: [BoundingBox] = []
    /// Areas whose box touches a cell, by packed cell.
    private var areasInCell: [Int64: [Int32]] = [:]

    var count: Int { boxes.count }

    /// Adds one area's outline (ignored when it has fewer than four points or is not closed).
    mutating func add(_ outline: [Coordinate]) {
        guard outline.count >= 4, outline.first == outline.last else { return }
        var box = BoundingBox()
        for point in outline { box.include(point) }
        let area = Int32(boxes.count)
        points.append(contentsOf: outline)
        first.append(points.count)
        boxes.append(box)
        for row in Self.index(box.minLatitude)...Self.index(box.maxLatitude) {
            for column in Self.index(box.minLongitude)...Self.index(box.maxLongitude) {
                areasInCell[Self.pack(row, column), default: []].append(area)
            }
        }
    }

    private static func index(_ degrees: Degrees) -> Int64 { Int64((degrees / cellSize).rounded(.down)) }
    private static func pack(_ row: Int64, _ column: Int64) -> Int64 { row << 32 &+ (column & 0xFFFF_FFFF) }

    /// Whether `point` lies inside any area.
    /// - Complexity: O(vertices of the areas whose boxes hold the point).
    func contains(_ point: Coordinate) -> Bool {
        guard let candidates = areasInCell[Self.pack(Self.index(point.latitude), Self.index(point.longitude))] else { return false }
        for area in candidates {
            let a = Int(area)
            let box = boxes[a]
            guard point.latitude >= box.minLatitude, point.latitude <= box.maxLatitude,
                  point.longitude >= box.minLongitude, point.longitude <= box.maxLongitude else { continue }
            if ringContains(point, first[a] ..< first[a + 1]) { return true }
        }
        return false
    }

    /// Crossing-number test of one closed ring.
    private func ringContains(_ point: Coordinate, _ range: Range<Int>) -> Bool {
        var inside = false
        var j = range.upperBound - 1
        for i in range {
            let p = points[i], q = points[j]
            if (p.latitude > point.latitude) != (q.latitude > point.latitude) {
                let crossing = p.longitude + (point.latitude - p.latitude) / (q.latitude - p.latitude) * (q.longitude - p.longitude)
                if point.longitude < crossing { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}
