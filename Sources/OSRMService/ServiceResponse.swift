/// What the service answers: an HTTP status, a content type and the body, in one part or, for a
/// stream (`/waypoints`), in several that a server sends as chunks as they come.
public struct ServiceResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var parts: [String]

    public init(status: Int = 200, contentType: String = "application/json; charset=utf-8", body: String) {
        self.status = status
        self.contentType = contentType
        self.parts = [body]
    }

    public init(status: Int = 200, contentType: String, parts: [String]) {
        self.status = status
        self.contentType = contentType
        self.parts = parts
    }

    /// The whole body.
    public var body: String { parts.joined() }

    /// The OSRM error body and status of a refused request.
    public init(_ error: ServiceError) {
        self.init(status: error.code.httpStatus, body: error.body)
    }
}
