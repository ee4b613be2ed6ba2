import Foundation

/// Where an output file will really be written, checked before any work is done.
///
/// Output is only ever written to a regular file (replaced atomically) or to a path that does not exist
/// yet. Anything else at the path — a directory, a FIFO, a device, a socket — is refused, because
/// replacing it by rename would destroy it (as root, `--db /dev/null` would otherwise leave the machine
/// without its null device). A symbolic link is followed: its final target is what gets replaced, so the
/// link keeps working.
public struct OutputTarget: Sendable, Equatable {
    /// The path as the user gave it, for messages.
    public let requestedPath: String
    /// The file that will be replaced or created (symbolic links resolved).
    public let resolvedPath: String
    /// The directory that receives the temporary file and the rename.
    public let directory: String
    /// The permission bits of the file being replaced, kept on the new one; nil for a new file.
    public let existingMode: mode_t?

    /// The longest file name that still leaves room for the temporary name beside it
    /// (`.NAME.tmp-PID-N`, within the usual 255-byte limit of a name).
    public static let maximumNameBytes = 255 - TemporaryName.overheadBytes
    /// How many symbolic links are followed before giving up (as the kernel's ELOOP limit).
    static let maximumLinks = 40

    /// Checks `path` and resolves it.
    /// - Throws: `OutputError` naming `path` when it is empty, its name too long, its directory missing
    ///   or not writable, or when it names something other than a regular file.
    public init(checking path: String) throws(OutputError) {
        requestedPath = path
        guard !path.isEmpty else { throw OutputError(path: path, reason: "the path is empty (expected a file name)") }
        try Self.checkName(of: path, requestedPath: path)
        var current = path
        var linksFollowed = 0
        var info = stat()
        while let found = OSPath.linkStatus(of: current), (found.st_mode & S_IFMT) == S_IFLNK {
            linksFollowed += 1
            guard linksFollowed <= Self.maximumLinks else {
                throw OutputError(path: path, reason: "too many levels of symbolic links")
            }
            current = try Self.linkTarget(of: current, requestedPath: path)
        }
        let status = OSPath.linkStatus(of: current)
        let exists = status != nil
        if let status { info = status }
        if !exists && errno != ENOENT {
            throw OutputError(path: path, reason: "cannot be examined (\(OutputError.systemReason()))")
        }
        if exists, let kind = Self.nonRegularKind(info.st_mode) {
            throw OutputError(path: path, reason: "is \(kind), not a regular file; refusing to replace it (write to a regular file, or '-' for standard output)")
        }
        resolvedPath = current
        existingMode = exists ? info.st_mode & 0o7777 : nil
        directory = Self.directory(of: current)
        try Self.checkName(of: current, requestedPath: path)
        try Self.checkDirectory(directory, requestedPath: path)
    }

    /// What a file type is called in messages, or nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// The path a symbolic link points to, relative targets taken from the link's directory.
    private static func linkTarget(of link: String, requestedPath: String) throws(OutputError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = OSPath.withCString(link) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else {
            throw OutputError(path: requestedPath, reason: "cannot read the symbolic link \(link) (\(OutputError.systemReason()))")
        }
        let target = OSPath.string(fromBytes: buffer[..<count].map { UInt8(bitPattern: $0) })
        return target.hasPrefix("/") ? target : directory(of: link) + "/" + target
    }

    /// The directory part of a path (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of a path.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func checkName(of path: String, requestedPath: String) throws(OutputError) {
        let name = name(of: path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw OutputError(path: requestedPath, reason: "names a directory, not a file")
        }
        let bytes = OSPath.bytes(of: name).count
        guard bytes <= maximumNameBytes else {
            throw OutputError(path: requestedPath, reason: "the file name is \(bytes) bytes long; at most \(maximumNameBytes) are allowed (255 less room for the temporary file written beside it)")
        }
    }

    private static func checkDirectory(_ directory: String, requestedPath: String) throws(OutputError) {
        guard let info = OSPath.status(of: directory) else {
            throw OutputError(path: requestedPath, reason: "directory \(directory) does not exist")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputError(path: requestedPath, reason: "\(directory) is not a directory")
        }
        guard OSPath.withCString(directory, { access($0, W_OK) }) == 0 else {
            throw OutputError(path: requestedPath, reason: "directory \(directory) is not writable (\(OutputError.systemReason()))")
        }
    }
}
