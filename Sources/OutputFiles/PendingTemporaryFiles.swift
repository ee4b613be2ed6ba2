import Foundation
import Synchronization

/// The temporary files of this process's unfinished outputs, so that whoever owns the process can
/// remove them when it is interrupted.
///
/// Writers (`AtomicOutputFile`) track each temporary file here before creating it and forget it once
/// it was renamed into place or removed. The library installs no signal handler: a program that wants
/// SIGINT, SIGTERM or SIGHUP to leave no temporary file attaches a `SignalSafePathTable` and installs
/// its own handlers, which call the table's `SignalSafePathTable.View.unlinkAll()` (async-signal-safe)
/// before exiting. Without a table, an interrupted write leaves its file to the stale-file clean-up of
/// the next write into the directory (`TemporaryName.removeStale`), as after `kill -9`.
public enum PendingTemporaryFiles {
    /// Identifies one tracked file.
    public struct Token: Sendable, Hashable {
        let id: Int
        /// The file's slot in the attached table, when it got one.
        let slot: Int?
    }

    private struct State {
        var table: SignalSafePathTable?
        var paths: [Int: String] = [:]
        var nextID = 0
    }

    private static let state = Mutex(State())

    /// Attaches the table a signal handler reads; files already pending are entered too.
    public static func attach(_ table: SignalSafePathTable) {
        state.withLock { state in
            state.table = table
            for path in state.paths.values { _ = table.register(path) }
        }
    }

    /// The pending temporary files, in no particular order.
    public static var paths: [String] { state.withLock { Array($0.paths.values) } }

    /// Remembers a temporary file about to be created.
    static func track(_ path: String) -> Token {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.paths[id] = path
            return Token(id: id, slot: state.table?.register(path))
        }
    }

    /// Forgets a file (renamed into place or removed).
    static func forget(_ token: Token?) {
        guard let token else { return }
        state.withLock { state in
            state.paths[token.id] = nil
            if let slot = token.slot { state.table?.clear(slot) }
        }
    }
}

/// Paths in preallocated C buffers that a signal handler may remove: a handler may only call
/// async-signal-safe functions (no locks, no allocation), so the paths are copied into fixed slots
/// when tracked and the handler passes them to `unlink`.
///
/// Slots are written only through `PendingTemporaryFiles`, under its lock; the handler only reads, and
/// a slot is published by writing its first byte last. The buffers live as long as the process.
public final class SignalSafePathTable: @unchecked Sendable {
    /// At most this many files are pending at once in a table (more are left to the stale-file clean-up).
    public static let slotCount = 16
    /// The longest path a slot holds, with its terminating zero.
    public static let slotBytes = 4096

    private let buffer: UnsafeMutablePointer<CChar>
    private var used = [Bool](repeating: false, count: SignalSafePathTable.slotCount)

    /// The part of a table a signal handler holds: a plain value, read without locks or reference counts.
    public struct View: @unchecked Sendable {
        fileprivate let buffer: UnsafeMutablePointer<CChar>

        /// Unlinks every pending file (async-signal-safe: reads the slots and calls `unlink`).
        public func unlinkAll() {
            for slot in 0..<SignalSafePathTable.slotCount {
                let p = buffer + slot * SignalSafePathTable.slotBytes
                if p[0] != 0 { unlink(p) }
            }
        }
    }

    public init() {
        buffer = .allocate(capacity: Self.slotCount * Self.slotBytes)
        buffer.initialize(repeating: 0, count: Self.slotCount * Self.slotBytes)
    }

    /// What a signal handler needs; take it before installing the handler.
    public var view: View { View(buffer: buffer) }

    /// Copies `path` into a free slot; nil when the path is too long or every slot is taken.
    func register(_ path: String) -> Int? {
        let bytes = OSPath.bytes(of: path).map { CChar(bitPattern: $0) } + [0]   // the OS's bytes (`OSPath`)
        guard bytes.count <= Self.slotBytes, bytes.count > 1, let slot = used.firstIndex(of: false) else { return nil }
        used[slot] = true
        let p = buffer + slot * Self.slotBytes
        p[0] = 0
        for i in 1..<bytes.count { p[i] = bytes[i] }
        p[0] = bytes[0]
        return slot
    }

    /// Empties a slot.
    func clear(_ slot: Int) {
        buffer[slot * Self.slotBytes] = 0
        used[slot] = false
    }
}
