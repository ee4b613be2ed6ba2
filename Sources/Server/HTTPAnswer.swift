import MapPage
import OSRMService

/// A response ready to be written: status, content type and body, without HTTP framing (the connection
/// handler adds the length or the chunking, `Connection` and `Date`).
struct HTTPAnswer: Sendable {
    /// The body: text parts (one part is written with a length, several are streamed as chunks), or the
    /// bytes of a map page file.
    enum Body: Sendable {
        case parts([String])
        case bytes([UInt8])
    }

    var status: Int
    var contentType: String
    var body: Body
    /// `Cache-Control`, when the answer needs one.
    var cacheControl: String?

    /// A service's answer.
    init(_ response: ServiceResponse) {
        status = response.status
        contentType = response.contentType
        body = .parts(response.parts)
    }

    /// A map page file (200); browsers revalidate rather than keep a stale copy, since the page changes with
    /// the server.
    init(page file: MapPageFiles.File) {
        status = 200
        contentType = file.contentType
        body = .bytes(file.bytes)
        cacheControl = "no-cache"
    }

    /// Whether the body goes out as chunks of unknown total length (several parts).
    var isStreamed: Bool {
        if case .parts(let parts) = body { return parts.count != 1 }
        return false
    }

    /// The body's length in bytes (UTF-8 counts of native strings are stored, not computed).
    var byteCount: Int {
        switch body {
        case .parts(let parts): parts.reduce(0) { $0 + $1.utf8.count }
        case .bytes(let bytes): bytes.count
        }
    }
}
