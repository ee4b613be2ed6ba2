import OutputFiles
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
        let status = OSPath.withCString(path) { sqlite3_open_v2($0, &db, flags | SQLITE_OPEN_NOMUTEX, nil) }   // the OS's bytes
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
        // Disk full, I/O and permission errors keep SQLite's own words, which say which it was.
        default: .sqlite(path: path, operation: Self.shorten(operation), message: message)
        }
    }

    /// The first line of a statement, enough to say which step failed.
    static func shorten(_ sql: String) -> String {
        let firstLine = sql.split(separator: "\n").first.map(String.init) ?? sql
        return firstLine.count > 80 ? String(firstLine.prefix(77)) + "..." : firstLine
    }
}
