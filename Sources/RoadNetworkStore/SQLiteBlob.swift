import CSQLite

/// One BLOB opened for reading in pieces (SQLite's incremental BLOB I/O); closed on deinit.
///
/// `sqlite3_column_blob` assembles a BLOB that spans overflow pages into one temporary buffer as large
/// as the BLOB, so loading an array that way holds it twice at once; reading in pieces into a small
/// reused buffer holds it once.
final class SQLiteBlob {
    private let blob: OpaquePointer
    /// Size of the BLOB in bytes.
    let byteCount: Int

    /// Opens `column` of row `rowid` of `table` read-only; `what` names the value in errors.
    /// - Throws: `.corrupt` naming `what` when the value cannot be opened (no such row, or the value is
    ///   not a BLOB or text), another store error when SQLite fails otherwise.
    init(connection: SQLiteConnection, table: String, column: String, rowid: Int64, describing what: String) throws(RoadNetworkStoreError) {
        var handle: OpaquePointer?
        let status = sqlite3_blob_open(connection.handle, "main", table, column, rowid, 0, &handle)
        guard status == SQLITE_OK, let handle else {
            let message = connection.lastError
            if let handle { sqlite3_blob_close(handle) }
            // SQLITE_ERROR here means the value is not a BLOB or text: a damaged row, not a failed read.
            if status & 0xff == SQLITE_ERROR {
                throw .corrupt(path: connection.path, detail: "\(what) cannot be read as a BLOB (\(message))")
            }
            throw connection.error(status: status, doing: "reading \(what)", message: message)
        }
        blob = handle
        byteCount = Int(sqlite3_blob_bytes(handle))
        self.connection = connection
    }

    private let connection: SQLiteConnection

    deinit { sqlite3_blob_close(blob) }

    /// Calls `body` with the BLOB's bytes in order, `pieceBytes` at a time (the last piece may be
    /// shorter), stopping early when `body` returns false.
    /// - Returns: whether every piece was read and accepted.
    func read(pieceBytes: Int, _ body: (UnsafeRawBufferPointer) -> Bool) throws(RoadNetworkStoreError) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(pieceBytes, byteCount)), alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < byteCount {
            let length = min(pieceBytes, byteCount - offset)
            let status = sqlite3_blob_read(blob, buffer.baseAddress, Int32(length), Int32(offset))
            guard status == SQLITE_OK else {
                throw connection.error(status: status, doing: "reading a BLOB", message: connection.lastError)
            }
            guard body(UnsafeRawBufferPointer(rebasing: buffer[0..<length])) else { return false }
            offset += length
        }
        return true
    }
}
