import CSQLite

/// A thin owner of one `sqlite3` handle: open, execute, prepare; closes itself on deinit.
///
/// Not thread-safe (one connection per caller), which is how the store uses it: a write or a load
/// opens, works and closes within one call.
final class SQLiteConnection {
    let handle: OpaquePointer
    /// The file path, used in every error message.
    let path: String

    /// Opens a database file.
    /// - Parameter readOnly: true opens an existing file read-only (never creating it).
    init(path: String, readOnly: Bool) throws(RoadNetworkStoreError) {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw readOnly ? .notSQLite(path: path, detail: message)
                           : .cannotWrite(path: path, reason: message)
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// The last error message of this connection.
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// The primary result code of the last failed call.
    var lastErrorCode: Int32 { sqlite3_errcode(handle) & 0xff }

    /// Runs one or more SQL statements that return no rows of interest.
    func execute(_ sql: String) throws(RoadNetworkStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw error(status: status, doing: sql, message: text)
        }
    }

    /// Compiles a statement.
    func prepare(_ sql: String) throws(RoadNetworkStoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw error(status: status, doing: sql, message: lastError)
        }
        return SQLiteStatement(statement: statement, connection: self)
    }

    /// Maps an SQLite status to the store error that explains it best.
    func error(status: Int32, doing operation: String, message: String) -> RoadNetworkStoreError {
        switch status & 0xff {
        case SQLITE_NOTADB: .notSQLite(path: path, detail: message)
        case SQLITE_CORRUPT: .corrupt(path: path, detail: message)
        case SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
            .sqlite(path: path, operation: Self.shorten(operation), message: message)
        default: .sqlite(path: path, operation: Self.shorten(operation), message: message)
        }
    }

    /// The first line of a statement, enough to say which step failed.
    static func shorten(_ sql: String) -> String {
        let firstLine = sql.split(separator: "\n").first.map(String.init) ?? sql
        return firstLine.count > 80 ? String(firstLine.prefix(77)) + "..." : firstLine
    }
}

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
