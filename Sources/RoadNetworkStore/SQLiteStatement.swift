import CSQLite

/// A prepared statement bound to its connection; finalized on deinit.
final class SQLiteStatement {
    let statement: OpaquePointer
    let connection: SQLiteConnection

    init(statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    private var sql: String { String(cString: sqlite3_sql(statement)) }

    private func check(_ status: Int32) throws(RoadNetworkStoreError) {
        if status != SQLITE_OK {
            throw connection.error(status: status, doing: sql, message: connection.lastError)
        }
    }

    func bind(_ index: Int32, _ value: Int64) throws(RoadNetworkStoreError) {
        try check(sqlite3_bind_int64(statement, index, value))
    }

    func bind(_ index: Int32, _ value: Double) throws(RoadNetworkStoreError) {
        try check(sqlite3_bind_double(statement, index, value))
    }

    func bind(_ index: Int32, _ value: String) throws(RoadNetworkStoreError) {
        try check(sqlite3_bind_text(statement, index, value, -1, waymark_sqlite_transient()))
    }

    /// Binds bytes; SQLite copies them before returning, so the buffer may be freed afterwards.
    func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) throws(RoadNetworkStoreError) {
        // A zero-length blob still needs a non-null pointer, or SQLite stores NULL.
        if bytes.isEmpty {
            try check(sqlite3_bind_zeroblob(statement, index, 0))
        } else {
            try check(sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), waymark_sqlite_transient()))
        }
    }

    /// Advances; returns true while a row is available.
    func step() throws(RoadNetworkStoreError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(status: status, doing: sql, message: connection.lastError)
        }
    }

    /// Steps a statement that returns no rows, then resets it for the next bindings.
    func run() throws(RoadNetworkStoreError) {
        _ = try step()
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Calls `body` with the blob of a column; the bytes are valid only during the call.
    func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws(RoadNetworkStoreError) -> T) throws(RoadNetworkStoreError) -> T {
        let pointer = sqlite3_column_blob(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }
}
