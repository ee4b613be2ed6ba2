import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import OSRMService

/// Answers a request the HTTP parser refuses (a head over the limit, a malformed request line, an
/// unknown method, bytes no URL may hold) with OSRM's JSON error body, as every other error: status 431
/// and `TooBig` for a head over `headLimit` bytes, 400 and `InvalidUrl` for the rest; then closes the
/// connection (the parser cannot find the next request after damage). Without it, such a request got a
/// bare 400 with an empty body.
///
/// Sits after the HTTP codec, so it sees whole request heads and response parts. A parse error that
/// arrives while an earlier (pipelined) request is still being answered cannot be answered here without
/// interleaving the two answers, so it is passed on: Hummingbird answers it after the earlier response
/// with a bare 400 and closes, and that bare 400 (the first response head written once every earlier
/// response has ended) is replaced here by the same OSRM refusal.
final class ParserErrorResponder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let headLimit: Int
    /// Request heads read whose response end is not written yet.
    private var requestsOpen = 0
    private var answered = false
    /// A parse error passed on behind a pipelined request: its bare 400 is still to be rewritten.
    private var passedOn: HTTPParserError?

    init(headLimit: Int) {
        self.headLimit = headLimit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { requestsOpen += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where requestsOpen == 0 && passedOn != nil && head.status == .badRequest
                                   && head.headerFields[.contentLength] == "0":
            // Hummingbird's own answer to the parse error passed on: the OSRM refusal instead (its end follows).
            let (status, refusal) = Self.refusal(for: passedOn!, headLimit: headLimit)
            passedOn = nil
            let (refusalHead, body) = Self.refusalParts(status: status, refusal)
            context.write(wrapOutboundOut(.head(refusalHead)), promise: nil)
            context.write(wrapOutboundOut(.body(body)), promise: promise)
        case .end:
            requestsOpen = max(0, requestsOpen - 1)
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard requestsOpen == 0 else {
            passedOn = parserError
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        let (status, refusal) = Self.refusal(for: parserError, headLimit: headLimit)
        let (head, body) = Self.refusalParts(status: status, refusal)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// The response head and JSON body of a refusal; the connection closes after it.
    static func refusalParts(status: Int, _ refusal: ServiceError) -> (HTTPResponse, ByteBuffer) {
        let body = ByteBuffer(string: refusal.body)
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        return (HTTPResponse(status: .init(code: status), headerFields: fields), body)
    }

    /// The status and OSRM error of a request the parser refused.
    static func refusal(for error: HTTPParserError, headLimit: Int) -> (Int, ServiceError) {
        switch error {
        case .headerOverflow:
            (431, ServiceError(.tooBig, "the request line and headers are longer than the limit (\(headLimit) bytes)"))
        case .invalidMethod:
            (400, ServiceError(.invalidUrl, "the request method is not an HTTP method (GET only)"))
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment:
            (400, ServiceError(.invalidUrl, "the request target is not a URL (expected /service/v1/profile/coordinates, ASCII only)"))
        default:
            (400, ServiceError(.invalidUrl, "malformed HTTP request (\(error)); expected an HTTP/1.1 GET request"))
        }
    }
}

/// Holds back the closing of a connection until what was written to it has left, up to `limit`.
///
/// Hummingbird closes a connection right after writing the end of its last response when the server is
/// stopping (and for `Connection: close`); NIO drops writes still queued at close, so a long streamed
/// body (`/waypoints`) in flight at SIGTERM lost its last megabytes and its final chunk. Here a close
/// waits until every write queued before it has completed (or `limit`, the drain timeout, has passed),
/// so graceful stop finishes the bodies in flight.
final class DrainBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let limit: TimeAmount
    private var outstanding = 0
    private var deferred: (mode: CloseMode, promise: EventLoopPromise<Void>?)?
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let tracked = promise ?? context.eventLoop.makePromise(of: Void.self)
        outstanding += 1
        tracked.futureResult.assumeIsolated().whenComplete { [self] _ in
            outstanding -= 1
            if outstanding == 0 { closeNow(context) }
        }
        context.write(data, promise: tracked)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, outstanding > 0, context.channel.isActive else {
            context.close(mode: mode, promise: promise)
            return
        }
        if let earlier = deferred?.promise, let promise { earlier.futureResult.cascade(to: promise) }
        if deferred == nil { deferred = (mode, promise) }
        context.flush()
        if deadline == nil {
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in closeNow(context) }
        }
    }

    private func closeNow(_ context: ChannelHandlerContext) {
        guard let (mode, promise) = deferred else { return }
        deferred = nil
        deadline?.cancel()
        deadline = nil
        context.close(mode: mode, promise: promise)
    }
}
