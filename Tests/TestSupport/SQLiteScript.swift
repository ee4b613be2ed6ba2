import CSQLite

/// Runs SQL on a database file, for tests that damage one on purpose.
public enum SQLiteScript {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public static func execute(_ sql: String, on path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else {
            defer { sqlite3_close(db) }
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close(db) }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw Failure(description: message.map { String(cString: $0) } ?? "SQL failed")
        }
    }
}
