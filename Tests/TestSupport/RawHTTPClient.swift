import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket, for tests that need control a real client would
/// hide: sending half a request, a huge request line, or holding a connection open.
public final class RawHTTPClient {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: String
    }

    public struct ClientError: Error, CustomStringConvertible {
        public var description: String
    }

    public let fd: Int32

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
    ///
    /// `fd` is set only once connected: a class whose properties are all set runs its `deinit` when its
    /// initializer throws, so closing a failed socket here and again in `deinit` closed it twice, and the
    /// second close could take a descriptor another thread had just been given (a server test's
    /// listening socket, which NIO then found closed: "unacceptable errno 9 … getsockname").
    public init(port: Int, timeout: Double = 10) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw ClientError(description: "connect to port \(port) failed") }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends raw bytes; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            bytes = bytes.dropFirst(sent)
        }
        return true
    }

    /// Reads until the connection closes or the read times out; returns what arrived and whether the
    /// peer closed.
    public func readToEnd() -> (data: [UInt8], closed: Bool) {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return (all, true) }
            if n < 0 { return (all, errno == ECONNRESET) }
            all.append(contentsOf: buffer[0..<n])
        }
    }

    /// Sends a GET and reads one response (Content-Length or chunked).
    public func get(_ target: String, method: String = "GET", body: String? = nil) throws -> Response {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let body { request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" } else { request += "\r\n" }
        guard send(request) else { throw ClientError(description: "connection closed while sending") }
        return try readResponse(method: method)
    }

    private var pending: [UInt8] = []

    private func fill() throws {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw ClientError(description: n == 0 ? "connection closed" : "read timed out") }
        pending.append(contentsOf: buffer[0..<n])
    }

    private func line() throws -> String {
        while true {
            if let i = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<i], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                pending.removeFirst(i + 1)
                return text
            }
            try fill()
        }
    }

    private func bytes(_ count: Int) throws -> [UInt8] {
        while pending.count < count { try fill() }
        let result = Array(pending[..<count])
        pending.removeFirst(count)
        return result
    }

    public func readResponse(method: String = "GET") throws -> Response {
        let statusLine = try line()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw ClientError(description: "bad status line '\(statusLine)'") }
        var headers: [String: String] = [:]
        while true {
            let header = try line()
            if header.isEmpty { break }
            if let colon = header.firstIndex(of: ":") {
                headers[header[..<colon].lowercased()] = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        var body: [UInt8] = []
        if method == "HEAD" {
        } else if headers["transfer-encoding"] == "chunked" {
            while true {
                let size = Int(try line(), radix: 16) ?? 0
                if size == 0 { _ = try line(); break }
                body += try bytes(size)
                _ = try line()
            }
        } else if let length = headers["content-length"].flatMap(Int.init) {
            body = try bytes(length)
        }
        return Response(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }
}
