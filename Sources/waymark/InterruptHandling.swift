import Foundation
import OutputFiles

/// The process's signal handling, owned by the executable: after SIGINT, SIGTERM or SIGHUP every
/// unfinished output file is removed and the process exits with status 128 + signal.
enum InterruptHandling {
    /// The signals after which temporary files are removed: Ctrl-C, `kill`, and a closed terminal.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// What the handler reads. Set once, before any handler exists, and never changed: the handler's
    /// access is then a plain load (a static is initialised lazily under a once-lock, which a handler
    /// interrupting that initialisation would wait on forever).
    nonisolated(unsafe) private static var pending: SignalSafePathTable.View?

    /// Attaches the table of temporary files and installs the handlers; call once, from the main thread,
    /// before any output is written, so threads started later inherit the unblocked mask.
    ///
    /// SIGXFSZ is ignored, so a write beyond the file-size limit (`ulimit -f`) fails like a full disk,
    /// with an error and the clean-up, instead of killing the process and leaving the temporary file.
    static func install() {
        let table = SignalSafePathTable()
        pending = table.view
        PendingTemporaryFiles.attach(table)
        let handler: @convention(c) (Int32) -> Void = { signal in
            InterruptHandling.pending?.unlinkAll()
            _exit(128 + signal)
        }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals {
            signal(s, handler)
            sigaddset(&set, s)
        }
        signal(SIGXFSZ, SIG_IGN)
        // Likewise SIGPIPE: a closed standard output (`waymark markers … | head -c1`) makes the write fail
        // with EPIPE, reported as `waymark: error: standard output: write failed (Broken pipe)` with exit
        // status 1, instead of killing the process silently (exit 141).
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these signals blocked (test runners do, and children
        // inherit the mask), which would make Ctrl-C and `kill` wait until the work ends.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
