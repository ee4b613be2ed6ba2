/// A read-only column of a `RoadGraph` (one element per node, edge or shape point), kept in whichever of
/// three forms is smallest for its contents, and read like an array.
///
/// - *plain*: the elements themselves;
/// - *uniform*: one value repeated (elevations of an extract without `ele` tags are all NaN);
/// - *interned*: a table of the distinct values plus a 32-bit code per element;
/// - *interned twice*: a 32-bit code per element, a 32-bit value index per code, and the distinct values.
///
/// The edges' way attributes (class, speed limit, flags, name, ref, signpost) and way ids are held with one
/// code per edge for all seven (`RoadGraph.init`): the code numbers the distinct (way id, attributes)
/// pairs, of which the way id column holds the ids (interned) and a shared value index the attribute
/// combination, which each attribute column projects (interned twice). A way's edges share a code, and the
/// few thousand combinations serve all ways. The codes and the value index are buffers the columns share.
///
/// Invariant: every code is below its table's count (interned) or its value index's (interned twice),
/// every value index below the values' count; `count` is the number of elements in every form.
public struct CompactColumn<Element: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline enum Form: UInt8, Sendable { case plain, uniform, interned, internedTwice }
    // Plain fields rather than an enum with payloads: reading a payload retains and releases its array
    // on every element read, which the graph's hot loops cannot afford.
    /// The elements (plain), the one value (uniform) or the distinct values (interned, once or twice).
    @usableFromInline let values: [Element]
    /// Per element, the index of its value (interned) or of its value index (interned twice); empty otherwise.
    @usableFromInline let codes: [UInt32]
    /// Per code, the index of its value (interned twice only; empty otherwise).
    @usableFromInline let valueIndex: [UInt32]
    @usableFromInline let form: Form
    public let count: Int

    /// The elements as given, unchanged.
    public init(_ elements: [Element]) {
        values = elements
        codes = []
        valueIndex = []
        form = .plain
        count = elements.count
    }

    /// `count` copies of `value`, held once.
    public init(repeating value: Element, count: Int) {
        values = [value]
        codes = []
        valueIndex = []
        form = .uniform
        self.count = count
    }

    /// A column whose element `i` is `values[codes[i]]`.
    /// - Precondition: every code is below `values.count`.
    init(values: [Element], codes: [UInt32]) {
        precondition(codes.allSatisfy { Int($0) < values.count }, "a code beyond the column's \(values.count) values")
        self.values = values
        self.codes = codes
        valueIndex = []
        form = .interned
        count = codes.count
    }

    /// A column whose element `i` is `values[valueIndex[codes[i]]]`.
    /// - Precondition: every code is below `valueIndex.count`, every value index below `values.count`.
    init(values: [Element], valueIndex: [UInt32], codes: [UInt32]) {
        precondition(valueIndex.allSatisfy { Int($0) < values.count }, "a value index beyond the column's \(values.count) values")
        precondition(codes.allSatisfy { Int($0) < valueIndex.count }, "a code beyond the column's \(valueIndex.count) value indices")
        self.values = values
        self.codes = codes
        self.valueIndex = valueIndex
        form = .internedTwice
        count = codes.count
    }

    /// `elements` held once when they are all the same by `same` (at least one of them), else as given.
    public init(_ elements: [Element], uniformWhen same: (Element, Element) -> Bool) {
        if let first = elements.first, elements.allSatisfy({ same($0, first) }) {
            self.init(repeating: first, count: elements.count)
        } else {
            self.init(elements)
        }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable @inline(__always)
    public subscript(i: Int) -> Element {
        switch form {
        case .plain:
            return values[i]
        case .uniform:
            // A constant message: an interpolated one made the subscript too big to inline.
            precondition(UInt(bitPattern: i) < UInt(count), "index beyond the column's elements")
            return values[0]
        case .interned:
            return values[Int(codes[i])]
        case .internedTwice:
            return values[Int(valueIndex[Int(codes[i])])]
        }
    }

    /// Whether every element satisfies `predicate`, asking it once per distinct value held (a uniform or
    /// interned column's table; a plain column's elements). A table value no element uses is asked too.
    /// - Complexity: O(values held).
    public func everyValue(_ predicate: (Element) -> Bool) -> Bool {
        if form == .uniform && count == 0 { return true }
        return values.allSatisfy(predicate)
    }

    /// Bytes this column allocates for itself, without a codes buffer it shares with other columns
    /// (`sharedCodeBytes`).
    public var ownBytes: Int { values.capacity * MemoryLayout<Element>.stride }

    /// Bytes of the codes buffer and value index of an interned column (0 otherwise), which columns interned
    /// together share.
    public var sharedCodeBytes: Int { (codes.capacity + valueIndex.capacity) * MemoryLayout<UInt32>.stride }
}

extension CompactColumn: Equatable where Element: Equatable {
    /// Element by element, whatever the forms.
    public static func == (a: CompactColumn, b: CompactColumn) -> Bool { a.elementsEqual(b) }
}
