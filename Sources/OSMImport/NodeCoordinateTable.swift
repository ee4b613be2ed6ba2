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
    /// A bucket index over the id range (about one bucket per four nodes, 1 byte per node): ids
    /// `minimumID + (b << bucketShift) ..< minimumID + ((b + 1) << bucketShift)` lie at table indices
    /// `bucketStart[b] ..< bucketStart[b + 1]`, so a lookup binary-searches a handful of entries
    /// instead of the whole table.
    private var bucketStart: [UInt32] = []
    private var bucketShift: Int64 = 0
    private var minimumID: Int64 = 0

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
        sortIfNeeded()
        guard let first = ids.first, let last = ids.last, ids.count < Int(UInt32.max) else { return }
        // Offsets from the smallest id are taken in UInt64: ids may span the whole Int64 range
        // (id="-9223372036854775808" beside id="9223372036854775807"), whose width does not fit in
        // Int64, but every offset `id - first` of a sorted table fits in UInt64.
        let maximumOffset = Self.offset(of: last, from: first)
        let wanted = UInt64(max(1, ids.count / 4))
        var shift: UInt64 = 0
        while shift < 64, (maximumOffset >> shift) >= wanted { shift += 1 }
        minimumID = first
        bucketShift = Int64(shift)
        let bucketCount = Int(maximumOffset >> shift) + 1
        bucketStart = [UInt32](repeating: 0, count: bucketCount + 1)
        // Counting pass, then prefix sums: bucketStart[b] = number of ids in buckets before b.
        for id in ids { bucketStart[Int(Self.offset(of: id, from: first) >> shift) + 1] += 1 }
        for b in 0..<bucketCount { bucketStart[b + 1] += bucketStart[b] }
    }

    /// `id - base` for `id >= base`, exact over the whole Int64 range.
    @inline(__always)
    private static func offset(of id: Int64, from base: Int64) -> UInt64 {
        UInt64(bitPattern: id &- base)
    }

    private mutating func sortIfNeeded() {
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

    /// The table index of a node id, or nil when the node is not in the file. `hint` is a likely
    /// nearby index (the previous node of the same way): consecutive way nodes usually have
    /// neighbouring ids, so the neighbourhood is tried before a binary search.
    /// - Complexity: O(1) for dense ids or a hit near the hint, else O(log n).
    func index(of id: Int64, hint: Int? = nil) -> Int? {
        if let hint {
            for i in max(0, hint - 2)...min(ids.count - 1, hint + 2) where ids[i] == id { return i }
        }
        var lo = 0, hi = ids.count
        if !bucketStart.isEmpty {
            guard id >= minimumID else { return nil }
            let bucket = Self.offset(of: id, from: minimumID) >> UInt64(bucketShift)
            guard bucket < UInt64(bucketStart.count - 1) else { return nil }   // (bucket + 1 may overflow)
            let b = Int(bucket)
            lo = Int(bucketStart[b]); hi = Int(bucketStart[b + 1])
        }
        ids.withUnsafeBufferPointer { p in
            while lo < hi {
                let mid = (lo + hi) >> 1
                if p[mid] < id { lo = mid + 1 } else { hi = mid }
            }
        }
        return lo < ids.count && ids[lo] == id ? lo : nil
    }

    func coordinate(at index: Int) -> Coordinate {
        Coordinate(fixedPointLatitude: latitudes[index], longitude: longitudes[index])
    }

    func id(at index: Int) -> Int64 { ids[index] }
}
