import CZlib
import RoadNetwork

/// A running CRC-32 (zlib's, the polynomial of gzip and PNG) over the bytes a database stores.
///
/// Each packed array, and each table of rows the graph or the metadata depend on, carries one in the
/// `arrays` table, written at import and compared at load: any flipped byte (indeed any error burst of up
/// to 32 bits) changes the value, so a damaged file is reported by the array it hit instead of loading
/// a different graph. zlib's implementation runs at several GB/s, a few milliseconds on Porto.
struct CRC32: Equatable {
    private(set) var value: UInt32 = 0

    /// zlib takes at most `UInt32.max` bytes per call.
    private static let largestCall = Int(UInt32.max)

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var remaining = bytes.count
        var crc = uLong(value)
        while remaining > 0 {
            let count = min(remaining, Self.largestCall)
            crc = crc32(crc, base, uInt(count))
            base += count
            remaining -= count
        }
        value = UInt32(truncatingIfNeeded: crc)
    }

    /// Adds the eight little-endian bytes of an integer column.
    mutating func add(_ number: Int64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    /// Adds the eight little-endian bytes of a floating-point column (its exact bit pattern).
    mutating func add(_ number: Double) {
        add(Int64(bitPattern: number.bitPattern))
    }

    /// Adds the UTF-8 of a text column with its length first, so column boundaries count.
    mutating func add(_ text: String) {
        var text = text
        add(Int64(text.utf8.count))
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }
}

extension CRC32 {
    /// Adds one `restrictions` row (the writer and the loader must agree on this order).
    mutating func addRestriction(from: Int64, via: Int64, to: Int64, kind: String, relationID: Int64) {
        add(from)
        add(via)
        add(to)
        add(kind)
        add(relationID)
    }

    /// Adds one `via_way_restrictions` row (the writer and the loader must agree on this order).
    mutating func addViaWayRestriction(kind: String, relationID: Int64, edges: String) {
        add(kind)
        add(relationID)
        add(edges)
    }

    /// Adds one `points_of_interest` row (without its id, which is its position).
    mutating func addPointOfInterest(_ poi: PointOfInterest) {
        add(poi.osmType.description)
        add(poi.osmID)
        add(poi.name)
        add(poi.key)
        add(poi.category)
        add(poi.coordinate.latitude)
        add(poi.coordinate.longitude)
    }
}
