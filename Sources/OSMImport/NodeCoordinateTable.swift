import Geodesy

/// Every node's coordinate by OSM id, in 16 bytes per node: the id, and latitude/longitude as
/// fixed-point degrees × 10^7 (OSM's own precision, so nothing is lost).
///
/// Nodes may arrive in any order (Overpass writes ways first); `finish()` sorts once if needed, then
/// `index(of:)` is a binary search. Contract: `append` only before `finish()`, `index(of:)` after it.
struct NodeCoordinateTable {
    private(set) var ids: [Int64] = []
    private var latitudes: [Int32] = []
    private var longitudes: [Int32] = []
    private var isSorted = true
    private(set) var duplicateCount = 0

    var count: Int { ids.count }

    mutating func append(id: Int64, latitudeE7: Int32, longitudeE7: Int32) {
        if let last = ids.last, id <= last { isSorted = false }
        ids.append(id)
        latitudes.append(latitudeE7)
        longitudes.append(longitudeE7)
    }

    /// Sorts by id (when the input was not sorted) and drops repeated ids, keeping the first.
    /// - Complexity: O(n) when already sorted, else O(n log n).
    mutating func finish() {
        guard !isSorted else { return }
        var order = Array(0..<ids.count)
        order.sort { ids[$0] != ids[$1] ? ids[$0] < ids[$1] : $0 < $1 }
        var newIDs: [Int64] = [], newLat: [Int32] = [], newLon: [Int32] = []
        newIDs.reserveCapacity(ids.count); newLat.reserveCapacity(ids.count); newLon.reserveCapacity(ids.count)
        for i in order {
            if let last = newIDs.last, last == ids[i] { duplicateCount += 1; continue }
            newIDs.append(ids[i]); newLat.append(latitudes[i]); newLon.append(longitudes[i])
        }
        ids = newIDs; latitudes = newLat; longitudes = newLon
        isSorted = true
    }

    /// The table index of a node id, or nil when the node is not in the file.
    /// - Complexity: O(log n).
    func index(of id: Int64) -> Int? {
        var lo = 0, hi = ids.count
        ids.withUnsafeBufferPointer { p in
            while lo < hi {
                let mid = (lo + hi) >> 1
                if p[mid] < id { lo = mid + 1 } else { hi = mid }
            }
        }
        return lo < ids.count && ids[lo] == id ? lo : nil
    }

    func coordinate(at index: Int) -> Coordinate {
        Coordinate(latitude: Double(latitudes[index]) / 1e7, longitude: Double(longitudes[index]) / 1e7)
    }

    func id(at index: Int) -> Int64 { ids[index] }
}
