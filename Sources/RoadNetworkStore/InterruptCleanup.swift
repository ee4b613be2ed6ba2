import Foundation

/// Removes the temporary database file when the process is interrupted (SIGINT, SIGTERM) mid-write.
///
/// A signal handler may only call async-signal-safe functions, so the path lives in a preallocated C
/// buffer that the handler passes to `unlink` before `_exit`. Registration and clearing happen on the
/// writing thread; the handler only reads.
enum InterruptCleanup {
    private static let capacity = 4096
    nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        p.initialize(repeating: 0, count: capacity)
        return p
    }()

    /// Remembers `path` as the file to delete if a signal arrives.
    static func register(_ path: String) {
        let bytes = Array(path.utf8CString)
        guard bytes.count <= capacity else { return }
        buffer[0] = 0
        for i in 1..<bytes.count { buffer[i] = bytes[i] }
        buffer[0] = bytes[0]
    }

    static func clear() { buffer[0] = 0 }

    /// Installs the SIGINT/SIGTERM handlers and unblocks both signals on the calling thread (idempotent;
    /// call once from the CLI's main thread before importing, so threads started later inherit it).
    static func install() {
        let handler: @convention(c) (Int32) -> Void = { signal in
            let p = InterruptCleanup.buffer
            if p[0] != 0 { unlink(p) }
            _exit(128 + signal)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent may have started us with these signals blocked (test runners do, and children
        // inherit the mask), which would make Ctrl-C and `kill` wait until the import ends.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

extension RoadNetworkStore {
    /// Makes SIGINT and SIGTERM delete an unfinished database file before exiting (status 128 + signal),
    /// so an interrupted `waymark import` leaves nothing behind. The command-line tool calls this once.
    public static func removeTemporaryFilesOnInterrupt() { InterruptCleanup.install() }
}
