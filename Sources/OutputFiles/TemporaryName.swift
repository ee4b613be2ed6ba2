import Foundation

/// The name of an unfinished output file, `.NAME.tmp-PID-N` beside the target, and the clean-up of
/// ones whose writer died.
///
/// The writing process's id is part of the name so that a later writer can tell a file still being
/// written (its process runs) from one left behind by `kill -9` or a power cut (its process is gone).
public enum TemporaryName {
    static let marker = ".tmp-"
    /// Bytes a temporary name adds to the target's name: the leading dot, the marker, a process id and a
    /// random number of up to 10 digits each, and the dash between them.
    static let overheadBytes = 1 + marker.utf8.count + 10 + 1 + 10
    /// SQLite's rollback journal beside a database being written.
    static let journalSuffix = "-journal"

    /// A fresh temporary name for `targetName`, owned by this process.
    ///
    /// The number after the process id is this program's mark: its high 16 bits are random, its low 16
    /// bits a keyed hash of the target's name, the process id and those random bits (`seal`), so the
    /// clean-up can tell its own files from another program's `.NAME.tmp-PID-N` (1 in 65,536 of those
    /// match by chance, and must belong to the same user besides).
    static func make(for targetName: String) -> String {
        name(for: targetName, pid: getpid(), random: UInt32.random(in: 0...0xFFFF))
    }

    /// The temporary name process `pid` gives `targetName` with the random bits `random` (the low 16 are
    /// used): for tests and tools that need a name the clean-up recognises as this program's.
    public static func name(for targetName: String, pid: pid_t, random: UInt32) -> String {
        let high = random & 0xFFFF
        return ".\(targetName)\(marker)\(pid)-\(high << 16 | seal(targetName, pid: pid, random: high))"
    }

    /// The low 16 bits of a temporary name's number: FNV-1a over a fixed key, the target's name, the
    /// process id and the random bits, folded to 16 bits.
    static func seal(_ targetName: String, pid: pid_t, random: UInt32) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add<S: Sequence<UInt8>>(_ bytes: S) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        add("waymark-temporary-file".utf8)
        add(targetName.utf8)
        add(withUnsafeBytes(of: Int64(pid).littleEndian, Array.init))
        add(withUnsafeBytes(of: random.littleEndian, Array.init))
        return UInt32(truncatingIfNeeded: (hash >> 48) ^ (hash >> 32) ^ (hash >> 16) ^ hash) & 0xFFFF
    }

    /// The target's name and the process id of a temporary name this program made (its seal checks), or
    /// nil for any other name.
    static func ownedName(_ name: String) -> (target: String, pid: pid_t)? {
        var name = Substring(name)
        if name.hasSuffix(journalSuffix) { name = name.dropLast(journalSuffix.count) }
        guard let pid = processID(in: String(name)), let markerRange = name.range(of: marker, options: .backwards),
              let number = name[markerRange.upperBound...].split(separator: "-").last.flatMap({ UInt32($0) }) else { return nil }
        let target = String(name[name.index(after: name.startIndex)..<markerRange.lowerBound])
        guard seal(target, pid: pid, random: number >> 16) == number & 0xFFFF else { return nil }
        return (target, pid)
    }

    /// The process id in a temporary name, or nil when `name` is not one.
    static func processID(in name: String) -> pid_t? {
        var name = Substring(name)
        if name.hasSuffix(journalSuffix) { name = name.dropLast(journalSuffix.count) }
        guard name.hasPrefix("."), let markerRange = name.range(of: marker, options: .backwards),
              markerRange.lowerBound > name.index(after: name.startIndex) else { return nil }
        let numbers = name[markerRange.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = pid_t(numbers[0]), pid > 0, UInt32(numbers[1]) != nil else { return nil }
        return pid
    }

    /// Whether process `pid` no longer exists (a process we may not signal still exists).
    static func isDead(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary files in `directory` whose writing process is no longer running (left by
    /// `kill -9`, a crash or a power cut); files of running processes are left alone, and so is every
    /// file this program did not make: the name's seal must check (`ownedName`) and the file must be a
    /// regular file of this process's user.
    /// - Returns: the names removed.
    /// - Complexity: O(entries in the directory).
    @discardableResult
    public static func removeStale(in directory: String) -> [String] {
        guard let names = OSPath.contentsOfDirectory(directory) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let (_, pid) = ownedName(name), pid != getpid(), isDead(pid) else { continue }
            let path = directory + "/" + name
            guard let info = OSPath.linkStatus(of: path), (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            if OSPath.unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }
}
