import Foundation

/// Removes unfinished temporary files when the process is interrupted (SIGINT, SIGTERM, SIGHUP).
///
/// A signal handler may only call async-signal-safe functions, so the paths live in preallocated C
/// buffers that the handler passes to `unlink` before `_exit`; `install` allocates them before the
/// handlers exist. Registration and clearing take a lock; the handler only reads (a slot is published
/// by writing its first byte last).
public enum InterruptCleanup {
    private static let slotCount = 16
    private static let capacity = 4096
    nonisolated(unsafe) private static let buffers: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * capacity)
        p.initialize(repeating: 0, count: slotCount * capacity)
        return p
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var used = [Bool](repeating: false, count: slotCount)

    /// The signals after which temporary files are removed: Ctrl-C, `kill`, and a closed terminal.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Remembers `path` as a file to delete if a signal arrives.
    /// - Returns: the slot to pass to `clear`, or nil when every slot is taken (the file is then only
    ///   removed by the stale-file clean-up of a later write).
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8CString)
        guard bytes.count <= capacity, bytes.count > 1 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let slot = used.firstIndex(of: false) else { return nil }
        used[slot] = true
        let p = buffers + slot * capacity
        p[0] = 0
        for i in 1..<bytes.count { p[i] = bytes[i] }
        p[0] = bytes[0]
        return slot
    }

    /// Forgets a registered path (after it was renamed into place or removed).
    static func clear(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        buffers[slot * capacity] = 0
        used[slot] = false
    }

    /// Installs the handlers (idempotent; call once from the main thread before writing, so threads
    /// started later inherit the unblocked mask). Each handler deletes every registered temporary file
    /// and exits with status 128 + signal.
    ///
    /// SIGXFSZ is ignored, so a write beyond the file-size limit (`ulimit -f`) fails like a full disk,
    /// with an error and the clean-up, instead of killing the process and leaving the temporary file.
    public static func install() {
        // Swift initialises a static lazily, under a once-lock: were the first access the handler's own,
        // while `register` is initialising it, the handler would wait on that lock forever. Initialise
        // it now, before any handler can run; afterwards the handler's access is a plain load.
        _ = buffers
        let handler: @convention(c) (Int32) -> Void = { signal in
            for slot in 0..<InterruptCleanup.slotCount {
                let p = InterruptCleanup.buffers + slot * InterruptCleanup.capacity
                if p[0] != 0 { unlink(p) }
            }
            _exit(128 + signal)
        }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals {
            signal(s, handler)
            sigaddset(&set, s)
        }
        signal(SIGXFSZ, SIG_IGN)
        // A parent may have started us with these signals blocked (test runners do, and children
        // inherit the mask), which would make Ctrl-C and `kill` wait until the work ends.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
