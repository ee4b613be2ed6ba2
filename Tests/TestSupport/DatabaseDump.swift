import CSQLite
import Foundation

/// Every row of every table of an SQLite file (a road database), for tests that prove two imports
/// wrote the same thing: the packed arrays' chunks byte for byte, restrictions, points of interest,
/// the spatial index and the metadata, minus the metadata keys a test names as provenance.
public struct DatabaseDump: Equatable, Sendable {
    /// One cell, compared exactly (doubles by bit pattern, so NaN equals NaN).
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(UInt64)
        case text(String)
        case blob(Data)

        public var description: String {
            switch self {
            case .null: "NULL"
            case .integer(let v): "\(v)"
            case .real(let bits): "\(Double(bitPattern: bits))"
            case .text(let s): "'\(s.prefix(80))'"
            case .blob(let d): "blob(\(d.count) bytes)"
            }
        }
    }

    /// Rows per table name, in primary-key order.
    public var tables: [String: [[Value]]]

    /// Metadata that names the source or the moment of an import, not what was imported.
    public static let provenanceKeys: Set<String> = ["source_file", "source_sha256", "source_bytes", "imported_at"]

    /// Reads the whole file. Rows of the `metadata` table whose key is in `excludedMetadataKeys`, or
    /// ends with one of `excludedMetadataSuffixes` (import figures are numbered, `import.028.input_bytes`),
    /// are left out, and so is the metadata row set's checksum in `arrays` (it covers those rows).
    public init(path: String, excludedMetadataKeys: Set<String> = provenanceKeys, excludedMetadataSuffixes: [String] = []) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db = handle else {
            sqlite3_close(handle)
            throw DumpError(description: "\(path): cannot open as SQLite")
        }
        defer { sqlite3_close(db) }
        let names = try Self.query(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { row -> String? in
            if case .text(let name) = row[0] { return name }
            return nil
        }
        var tables: [String: [[Value]]] = [:]
        for name in names {
            // Ordered by every column, so equal contents give equal lists whatever the insertion order.
            let columns = try Self.columnCount(db, name)
            var rows = try Self.query(db, "SELECT * FROM \"\(name)\" ORDER BY " + (1...max(1, columns)).map(String.init).joined(separator: ", "))
            if name == "metadata" {
                rows.removeAll { row in
                    guard case .text(let key) = row[0] else { return false }
                    return excludedMetadataKeys.contains(key) || excludedMetadataSuffixes.contains { key.hasSuffix($0) }
                }
            } else if name == "arrays" {
                rows.removeAll { $0.first == .text("metadata") }
            }
            tables[name] = rows
        }
        self.tables = tables
    }

    /// The first difference between two dumps, described in one line, or nil when they are equal.
    public func firstDifference(from other: DatabaseDump) -> String? {
        if tables.keys.sorted() != other.tables.keys.sorted() {
            return "tables differ: \(tables.keys.sorted()) vs \(other.tables.keys.sorted())"
        }
        for name in tables.keys.sorted() {
            let a = tables[name]!, b = other.tables[name]!
            if a.count != b.count { return "table \(name): \(a.count) rows vs \(b.count)" }
            for (i, (ra, rb)) in zip(a, b).enumerated() where ra != rb {
                return "table \(name), row \(i): \(ra) vs \(rb)"
            }
        }
        return nil
    }

    private static func columnCount(_ db: OpaquePointer, _ table: String) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT * FROM \"\(table)\" LIMIT 0", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DumpError(description: "cannot read table \(table): \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        return Int(sqlite3_column_count(statement))
    }

    private static func query(_ db: OpaquePointer, _ sql: String) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DumpError(description: "cannot run \(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[Value]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            var row: [Value] = []
            for c in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, c) {
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, c)))
                case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, c).bitPattern))
                case SQLITE_TEXT: row.append(.text(String(cString: sqlite3_column_text(statement, c))))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, c))
                    row.append(.blob(count == 0 ? Data() : Data(bytes: sqlite3_column_blob(statement, c), count: count)))
                default: row.append(.null)
                }
            }
            rows.append(row)
        }
        return rows
    }

    struct DumpError: Error, CustomStringConvertible { var description: String }
}

extension Array where Element == DatabaseDump.Value {
    var description: String { map(\.description).joined(separator: ", ") }
}
