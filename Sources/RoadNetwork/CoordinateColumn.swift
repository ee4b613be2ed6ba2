import Geodesy

/// A read-only column of coordinates (a `RoadGraph`'s nodes or shape points), read like an array of
/// `Coordinate`s and held in 8 bytes a point instead of 16 whenever that loses nothing.
///
/// - *fixed point*: latitude and longitude as 32-bit integers of 10⁻⁷ degrees, OSM's own precision.
///   Every imported coordinate is such a value read back (`Coordinate(fixedPointLatitude:longitude:)`:
///   the import reads XML and PBF coordinates onto that grid), so a graph built by the import or loaded from its database is held
///   this way and reads back bit for bit the `Coordinate`s it was given.
/// - *plain*: the coordinates as given, when any of them is not exactly a value of that grid (graphs
///   drawn by hand with computed coordinates, or a damaged database, whose non-finite values the graph's
///   validation then reports).
///
/// Invariant: `count` is the number of coordinates in either form; in fixed point, `fixed` holds
/// `2 × count` integers, latitude and longitude interleaved, and `plain` is empty.
public struct CoordinateColumn: RandomAccessCollection, Equatable, Sendable {
    // Plain fields rather than an enum with payloads, as in `CompactColumn`: a payload read retains and
    // releases its array on every element read.
    @usableFromInline let fixed: [Int32]
    @usableFromInline let plain: [Coordinate]
    @usableFromInline let isFixedPoint: Bool
    public let count: Int

    /// `coordinates` in fixed point when every one of them is exactly a value of that grid, else as given.
    /// - Complexity: O(n).
    public init(_ coordinates: [Coordinate]) {
        count = coordinates.count
        var units = [Int32]()
        units.reserveCapacity(2 * coordinates.count)
        for c in coordinates {
            guard let latitude = Self.fixedPoint(of: c.latitude), let longitude = Self.fixedPoint(of: c.longitude) else {
                (fixed, plain, isFixedPoint) = ([], coordinates, false)
                return
            }
            units.append(latitude)
            units.append(longitude)
        }
        (fixed, plain, isFixedPoint) = (units, [], true)
    }

    /// The fixed-point value that reads back as exactly `degrees`, or nil when there is none.
    private static func fixedPoint(of degrees: Double) -> Int32? {
        let scaled = (degrees * Coordinate.fixedPointUnitsPerDegree).rounded()
        guard scaled.isFinite, abs(scaled) <= Double(Int32.max) else { return nil }
        let units = Int32(scaled)
        // Bit patterns, so that -0.0 (which no fixed-point value reads back as) stays plain.
        let readBack = Coordinate(fixedPointLatitude: units, longitude: 0).latitude
        return readBack.bitPattern == degrees.bitPattern ? units : nil
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable @inline(__always)
    public subscript(i: Int) -> Coordinate {
        guard isFixedPoint else { return plain[i] }
        return Coordinate(fixedPointLatitude: fixed[2 * i], longitude: fixed[2 * i + 1])
    }

    /// Initializes `destination[0 ..< range.count]` with the coordinates at `range`, in order: a copy when
    /// held as given, one tight decoding loop in fixed point (reading element by element through the
    /// subscript costs an index check and a form test per coordinate).
    /// - Precondition: `range` lies within the column; `destination` has room for `range.count`.
    /// - Complexity: O(range.count).
    public func copy(_ range: Range<Int>, to destination: UnsafeMutablePointer<Coordinate>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "coordinates beyond the column")
        guard !range.isEmpty else { return }
        if isFixedPoint {
            fixed.withUnsafeBufferPointer { units in
                for k in 0..<range.count {
                    let i = 2 * (range.lowerBound + k)
                    (destination + k).initialize(to: Coordinate(fixedPointLatitude: units[i], longitude: units[i + 1]))
                }
            }
        } else {
            plain.withUnsafeBufferPointer { destination.initialize(from: $0.baseAddress! + range.lowerBound, count: range.count) }
        }
    }

    /// Whether the column is held in fixed point (8 bytes a coordinate).
    public var isCompact: Bool { isFixedPoint }

    /// Bytes the column's storage has allocated.
    public var byteCount: Int {
        isFixedPoint ? fixed.capacity * MemoryLayout<Int32>.stride : plain.capacity * MemoryLayout<Coordinate>.stride
    }

    public static func == (a: CoordinateColumn, b: CoordinateColumn) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
