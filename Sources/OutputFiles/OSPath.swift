import Foundation

/// File paths as the operating system has them: bytes, which need not be UTF-8, carried in a `String`
/// without loss.
///
/// A Linux path is any bytes but `/` and NUL; a Swift `String` holds only valid Unicode, and
/// `CommandLine.arguments` replaces each byte that is not UTF-8 with U+FFFD, so `name_\xff.osm` would
/// become another path (and `--db db_\xff.sqlite` write `db_\xef\xbf\xbd.sqlite`). Waymark reads its
/// arguments from the raw `argv` instead (`arguments()`) and keeps each such byte `b` in the `String`
/// as the private-use scalar U+10FF00 + `b` (U+10FF80…U+10FFFF; the scheme of Python's
/// `surrogateescape`, which Swift's `String` cannot use). A valid scalar of that block in the input is
/// escaped byte by byte as well, so the mapping is one to one and `bytes(of:)` gives back the argument
/// exactly. Paths built from such a `String` (a temporary name beside it, its directory) keep the bytes.
///
/// Every call that hands a path to the OS goes through `withCString(_:_:)` (or the helpers here, which
/// do), never through Foundation's `FileManager`, whose conversion would encode the escapes as UTF-8.
/// Messages show the escaped bytes as `\xFF` (`displayed(_:)`).
public enum OSPath {
    /// The first scalar of the escape block: byte `b` (0x80…0xFF) is U+10FF00 + `b`.
    static let escapeBase: UInt32 = 0x10_FF00
    /// The escape block's first scalar (byte 0x80).
    static let firstEscape: UInt32 = escapeBase + 0x80

    /// Whether `scalar` stands for one raw byte.
    static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= firstEscape }

    /// The `String` for a path's bytes: valid UTF-8 as itself, every other byte escaped.
    public static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let length = validSequenceLength(bytes, at: i)
            if length > 0, let scalar = decode(bytes[i..<(i + length)]), !isEscape(scalar) {
                scalars.append(scalar)
                i += length
                continue
            }
            // A byte that is not UTF-8, or a sequence of the escape block itself: escaped byte by byte.
            for byte in bytes[i..<(i + max(1, length))] {
                scalars.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : escapeBase + UInt32(byte))!)
            }
            i += max(1, length)
        }
        return String(scalars)
    }

    /// The length of the well-formed UTF-8 sequence starting at `i` (The Unicode Standard, table 3-7),
    /// or 0 when the bytes there are not one.
    static func validSequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch lead {
        case 0x00...0x7F: (1, 0x80...0xBF)
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0x80...0xBF)
        }
        guard length > 0, i + length <= bytes.count else { return 0 }
        if length == 1 { return 1 }
        guard secondRange.contains(bytes[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return 0 }
        return length
    }

    /// The scalar of one well-formed UTF-8 sequence.
    private static func decode(_ sequence: ArraySlice<UInt8>) -> Unicode.Scalar? {
        String(decoding: sequence, as: UTF8.self).unicodeScalars.first
    }

    /// The bytes a path stands for: each escape as its byte, everything else as UTF-8.
    public static func bytes(of path: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                result.append(UInt8(scalar.value - escapeBase))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Whether `path` holds bytes that are not UTF-8 (so it must be converted before the OS sees it).
    public static func hasRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains(where: isEscape)
    }

    /// Calls `body` with the path's bytes as a NUL-terminated C string, for the OS.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        var bytes = bytes(of: path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path for messages: each raw byte as `\xFF`, the rest as it is.
    public static func displayed(_ path: String) -> String {
        guard hasRawBytes(path) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                let byte = UInt8(scalar.value - escapeBase)
                result += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The program's arguments from the raw `argv`, each byte that is not UTF-8 escaped (unlike
    /// `CommandLine.arguments`, which replaces it with U+FFFD); the program name first.
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            let length = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                string(fromBytes: UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }

    // MARK: The OS calls paths take

    /// `stat(2)` of the path (following symbolic links); nil when it fails (`errno` says why).
    public static func status(of path: String) -> stat? {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 ? info : nil
    }

    /// `lstat(2)` of the path (not following a final symbolic link); nil when it fails.
    public static func linkStatus(of path: String) -> stat? {
        var info = stat()
        return withCString(path) { lstat($0, &info) } == 0 ? info : nil
    }

    /// Whether something exists at the path, and whether it is a directory.
    public static func exists(_ path: String) -> (exists: Bool, isDirectory: Bool) {
        guard let info = status(of: path) else { return (false, false) }
        return (true, (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// The size of the file at the path, bytes; nil when it cannot be examined.
    public static func size(of path: String) -> Int? {
        status(of: path).map { Int($0.st_size) }
    }

    /// `open(2)` with `flags` (and `mode` for a new file); -1 on failure (`errno` says why).
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withCString(path) { Glibc.open($0, flags, mode) }
    }

    /// The file opened for reading, or nil (`errno` says why).
    public static func handleForReading(_ path: String) -> FileHandle? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? FileHandle(fileDescriptor: fd, closeOnDealloc: true) : nil
    }

    /// The whole content of the file at the path, or nil when it cannot be read.
    public static func contents(of path: String) -> Data? {
        guard let handle = handleForReading(path) else { return nil }
        return try? handle.readToEnd() ?? Data()
    }

    /// `unlink(2)`; 0 on success.
    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        withCString(path) { Glibc.unlink($0) }
    }

    /// `rename(2)`; 0 on success.
    public static func rename(_ from: String, to: String) -> Int32 {
        withCString(from) { source in withCString(to) { Glibc.rename(source, $0) } }
    }

    /// The names in a directory (without `.` and `..`), escaped as `arguments()` does; nil when it
    /// cannot be read.
    public static func contentsOfDirectory(_ path: String) -> [String]? {
        guard let directory = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return string(fromBytes: bytes)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
