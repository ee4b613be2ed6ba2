import NIOCore
import NIOHTTP1

/// Answers the requests of one connection: hands each to the `OSRMResponder` and writes its answer on
/// the connection's event loop, one ByteBuffer per body part, with no per-connection task or HTTP-types
/// conversion in between.
///
/// NIO's `HTTPServerPipelineHandler` sits before it and lets the next (pipelined) request in only once the
/// response to the previous one has ended, so there is at most one request here at a time and answers
/// leave in request order, however long each takes. A request is answered at its end (its body, which
/// no service reads, is counted and dropped), or at once with 413 when its body is over the limit, after
/// which the connection closes. A one-part answer is written with `Content-Length`; a multi-part one
/// (`/waypoints`) is streamed as chunks as fast as the client reads them (`channelWritabilityChanged`),
/// and to an HTTP/1.0 client, which cannot read chunks, with its total length. The connection closes
/// after the answer when the request asked for it (`ConnectionCloseHeader`).
final class HTTPConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The request being read or answered.
    struct Request: Sendable {
        let method: HTTPMethod
        let target: String
        let version: HTTPVersion
        var persistence: ConnectionCloseHeader.Persistence
        let start: ContinuousClock.Instant
        var bodyBytes = 0
        /// Whether an answer was started (a 413 before the request's end).
        var answered = false
    }

    /// A streamed answer's parts still to write.
    private struct Stream {
        let parts: [String]
        var next: Int
        let request: Request
    }

    let responder: OSRMResponder
    /// Set while the handler is in a pipeline; answers arriving after the connection went are dropped.
    private var context: ChannelHandlerContext?
    private var request: Request?
    private var stream: Stream?

    init(responder: OSRMResponder) {
        self.responder = responder
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        stream = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let request = Request(method: head.method, target: head.uri, version: head.version,
                                  persistence: ConnectionCloseHeader.persistence(of: head), start: .now)
            self.request = request
            if let declared = head.headers.first(name: "content-length").flatMap(Int.init) { refuseLongBody(declaredBytes: declared) }
        case .body(let bytes):
            request?.bodyBytes += bytes.readableBytes
            refuseLongBody(declaredBytes: 0)
        case .end:
            let ended = request
            request = nil
            if let ended, !ended.answered { answer(ended) }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable && stream != nil { writeStreamedParts(context) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset or a failed write: nothing more can be answered on this connection.
        context.close(promise: nil)
    }

    /// Answers 413 and closes, before the rest of the body, when the body is longer than the limit.
    private func refuseLongBody(declaredBytes: Int) {
        guard var request, !request.answered,
              let refusal = responder.bodyRefusal(method: request.method, target: request.target,
                                                  bytes: max(declaredBytes, request.bodyBytes), start: request.start) else { return }
        request.answered = true
        self.request = request
        var closing = request
        closing.persistence.keepsAlive = false   // the rest of the body is not read: the connection cannot go on
        write(refusal, for: closing)
    }

    /// Hands `request` to the responder; its answer is written on this event loop.
    private func answer(_ request: Request) {
        guard let eventLoop = context?.eventLoop else { return }
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        responder.respond(method: request.method, target: request.target, start: request.start) { answer in
            if eventLoop.inEventLoop {
                handler.value.write(answer, for: request)
            } else {
                eventLoop.execute { handler.value.write(answer, for: request) }
            }
        }
    }

    /// Writes `answer`'s head and body (or starts streaming it), unless the connection is gone.
    private func write(_ answer: HTTPAnswer, for request: Request) {
        guard let context, context.channel.isActive else { return }
        let head = HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: answer.status),
                                    headers: headers(answer, for: request))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if request.method == .HEAD { return finish(request, context) }
        switch answer.body {
        case .bytes(let bytes):
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))), promise: nil)
            finish(request, context)
        case .parts(let parts):
            stream = Stream(parts: parts, next: 0, request: request)
            writeStreamedParts(context)
        }
    }

    /// The response's header fields: its type, its length unless it is chunked, `Connection` when the
    /// request needs it said, and `Date`.
    private func headers(_ answer: HTTPAnswer, for request: Request) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.reserveCapacity(6)
        headers.add(name: "content-type", value: answer.contentType)
        if !answer.isStreamed || request.persistence.isHTTP10 { headers.add(name: "content-length", value: String(answer.byteCount)) }
        if let cacheControl = answer.cacheControl { headers.add(name: "cache-control", value: cacheControl) }
        if let connection = request.persistence.responseField { headers.add(name: "connection", value: connection) }
        headers.add(name: "date", value: HTTPDate.shared.now)
        headers.add(name: "server", value: "waymark")
        return headers
    }

    /// Writes the parts of the answer being streamed while the connection takes them, and its end after
    /// the last; the rest waits for `channelWritabilityChanged`.
    private func writeStreamedParts(_ context: ChannelHandlerContext) {
        while var current = stream, current.next < current.parts.count {
            guard context.channel.isWritable else {
                context.flush()
                return
            }
            let part = context.channel.allocator.buffer(string: current.parts[current.next])
            current.next += 1
            stream = current
            context.write(wrapOutboundOut(.body(.byteBuffer(part))), promise: nil)
        }
        guard let finished = stream?.request else { return }
        stream = nil
        finish(finished, context)
    }

    /// Ends the response and flushes it; closes the connection once it has left when it does not stay open.
    private func finish(_ request: Request, _ context: ChannelHandlerContext) {
        guard !request.persistence.keepsAlive else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
