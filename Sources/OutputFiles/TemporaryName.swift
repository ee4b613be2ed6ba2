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
    static func make(for targetName: String) -> String {
        ".\(targetName)\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
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
    /// `kill -9`, a crash or a power cut); files of running processes are left alone.
    /// - Returns: the names removed.
    /// - Complexity: O(entries in the directory).
    @discardableResult
    public static func removeStale(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = processID(in: name), pid != getpid(), isDead(pid) else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }
}
