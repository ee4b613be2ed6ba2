import Foundation
import OSRMService
@testable import Server
import Testing
import TestSupport

/// HTTP/1.1 connection handling (issue 40): `Connection: close` said when the server closes, keep-alive
/// honoured, pipelined requests answered in order. In `ServerTests`, which runs one server at a time.
extension ServerTests {
    static let closingRequest = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    @Test func connectionCloseIsSaidAndTheConnectionCloses() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            #expect(client.send(Self.closingRequest))
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body.contains("\"status\":\"ok\""))
            #expect(response.headers["connection"] == "close", "\(response.headers)")
            let rest = client.readToEnd()
            #expect(rest.closed && rest.data.isEmpty, "the server kept the connection open or sent \(rest.data.count) more bytes")
        }
    }

    @Test(arguments: ["Close", "keep-alive, close", "close ,TE", "CLOSE"])
    func connectionFieldIsReadAsCaseInsensitiveTokens(field: String) async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            #expect(client.send("GET /route/v1/driving/\(Self.lonLat("a"));\(Self.lonLat("d")) HTTP/1.1\r\nHost: x\r\nConnection: \(field)\r\n\r\n"))
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body.hasPrefix("{\"code\":\"Ok\""))
            #expect(response.headers["connection"] == "close", "\(field): \(response.headers)")
            let rest = client.readToEnd()
            #expect(rest.closed && rest.data.isEmpty, "\(field): the connection stayed open")
        }
    }

    @Test func anHTTP10RequestIsAnsweredWithCloseUnlessItAsksToKeepAliveWhichIsEchoed() async throws {
        try await Self.withServer { _, port in
            let once = try RawHTTPClient(port: port, timeout: 120)
            #expect(once.send("GET /health HTTP/1.0\r\n\r\n"))
            let response = try once.readResponse()
            #expect(response.status == 200 && response.headers["connection"] == "close", "\(response.headers)")
            let rest = once.readToEnd()
            #expect(rest.closed && rest.data.isEmpty)
            let kept = try RawHTTPClient(port: port, timeout: 120)
            for _ in 0..<2 {
                #expect(kept.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))
                let answer = try kept.readResponse()
                // HTTP/1.0 keeps a connection only when both sides say so: the answer says keep-alive back.
                #expect(answer.status == 200 && answer.headers["connection"] == "keep-alive", "\(answer.headers)")
            }
        }
    }

    @Test func keepAliveConnectionAnswersRequestAfterRequest() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            for target in ["/health", Self.routeTarget, "/route/v1/driving/x", "/health"] {
                let response = try client.get(target)
                #expect(response.status == (target.hasSuffix("/x") ? 400 : 200), "\(target)")
                #expect(response.headers["connection"] == nil, "\(target): \(response.headers)")
            }
            let explicit = try client.get("/health")
            #expect(explicit.status == 200 && explicit.headers["connection"] == nil)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderUntilTheOneThatCloses() async throws {
        try await Self.withServer { _, port in
            let client = try RawHTTPClient(port: port, timeout: 120)
            let route = "GET \(Self.routeTarget) HTTP/1.1\r\nHost: x\r\n\r\n"
            let bad = "GET /route/v1/driving/x HTTP/1.1\r\nHost: x\r\n\r\n"
            // A route, a refused route, a request asking to close, and one behind it that is never answered.
            #expect(client.send(route + bad + Self.closingRequest + route))
            let first = try client.readResponse()
            #expect(first.status == 200 && first.body.hasPrefix("{\"code\":\"Ok\"") && first.headers["connection"] == nil)
            let second = try client.readResponse()
            #expect(second.status == 400 && second.body.hasPrefix("{\"code\":\"InvalidQuery\"") && second.headers["connection"] == nil)
            let third = try client.readResponse()
            #expect(third.status == 200 && third.body.contains("\"status\":\"ok\"") && third.headers["connection"] == "close")
            let rest = client.readToEnd()
            #expect(rest.closed && rest.data.isEmpty, "an answer after Connection: close: \(String(decoding: rest.data.prefix(80), as: UTF8.self))")
        }
    }

    @Test func closeFieldTokens() {
        func fields(_ values: String...) -> [String] { values }
        #expect(ConnectionCloseHeader.asksToClose(fields("close")))
        #expect(ConnectionCloseHeader.asksToClose(fields("Close")))
        #expect(ConnectionCloseHeader.asksToClose(fields("keep-alive,  close")))
        #expect(ConnectionCloseHeader.asksToClose(fields("keep-alive", "close")))
        #expect(ConnectionCloseHeader.asksToClose(fields("\tclose\t, upgrade")))
        #expect(!ConnectionCloseHeader.asksToClose(fields()))
        #expect(!ConnectionCloseHeader.asksToClose(fields("keep-alive")))
        #expect(!ConnectionCloseHeader.asksToClose(fields("closed")))
        #expect(!ConnectionCloseHeader.asksToClose(fields("enclose")))
        #expect(!ConnectionCloseHeader.asksToClose(fields("")))
    }
}

/// The access log's lines, written off the request path in batches.
@Suite struct AccessLogTests {
    @Test func linesReadAsTheStreamLogHandlersDid() {
        var formatter = AccessLog.LineFormatter(label: "waymark.serve")
        let entry = AccessLog.Entry(method: "GET", target: "/route/v1/driving/1,2;3,4", status: 200, code: "Ok",
                                    duration: .microseconds(10_444), time: 0)
        let text = formatter.lines([entry], dropped: 0)
        #expect(text.hasSuffix(" info waymark.serve: log=access [Server] GET /route/v1/driving/1,2;3,4 200 Ok 10.44 ms\n"), "\(text)")
        #expect(text.split(separator: "\n").count == 1)
        let long = AccessLog.Entry(method: "GET", target: "/" + String(repeating: "x", count: 500), status: 400, code: "TooBig",
                                   duration: .microseconds(50), time: 0)
        let cut = formatter.lines([long, long], dropped: 3)
        let lines = cut.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(" GET /" + String(repeating: "x", count: 299) + " 400 TooBig 0.05 ms"))
        #expect(lines[2].contains("3 access log lines dropped"))
    }

    @Test(arguments: [(0, "0.00"), (50, "0.05"), (410, "0.41"), (1_006, "1.01"), (10_444, "10.44"), (123_456_789, "123456.79")])
    func millisecondsHaveTwoDecimals(microseconds: Int, text: String) {
        #expect(AccessLog.LineFormatter.milliseconds(.microseconds(microseconds)) == text)
    }

    @Test func everyRecordedLineIsWrittenInOrderByShutdown() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let log = AccessLog(label: "test", fileDescriptor: ends[1])
        for index in 0..<500 {
            log.record(method: "GET", target: "/health?\(index)", status: 200, code: "Ok", duration: .microseconds(index))
        }
        log.shutdown()
        close(ends[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 500)
        #expect(lines.enumerated().allSatisfy { index, line in line.contains(" GET /health?\(index) 200 Ok ") })
    }
}
