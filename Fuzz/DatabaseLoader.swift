import Glibc
@testable import RoadNetworkStore

/// libFuzzer target `database`: any bytes as a road database file, loaded whole (metadata, graph,
/// points of interest) twice: as `route` loads it (array checksums checked) and with the checksums
/// skipped, so mutations that keep SQLite readable also reach the structural checks behind them.
/// Every load must end as a database or a `RoadNetworkStoreError`, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatabaseLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = databasePath
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { fatalError("cannot create \(path)") }
    var written = 0
    while written < size {
        let n = write(descriptor, data + written, size - written)
        guard n > 0 else { fatalError("cannot write \(path)") }
        written += n
    }
    close(descriptor)
    _ = try? RoadNetworkStore.load(path: path)
    _ = try? RoadNetworkStore.load(path: path, checkingChecksums: false)
    return 0
}

/// One scratch file per fuzzing process (libFuzzer's -jobs run several).
private let databasePath: String = {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(directory)/waymark-fuzz-\(getpid()).sqlite"
}()
