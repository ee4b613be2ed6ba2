import Foundation
import Geodesy

/// Reads GPS traces: GPX 1.1 (`<trkpt lat lon>` with optional `<time>`; GPX 1.0's `<speed>` in m/s is
/// honoured) and CSV `lat,lon[,time][,speed]` with an optional header.
///
/// CSV rules: a first line whose first field is not a number is a header; a header's column names
/// choose the columns (`lat`/`latitude`, `lon`/`lng`/`longitude`, `time`/`timestamp`,
/// `speed`/`speed_kmh`, any case; other columns such as a track id are ignored). Without a header the
/// columns are `lat,lon[,time][,speed]`. Times are ISO 8601 (`2024-05-01T10:00:00Z`, optional fraction
/// and offset) or plain seconds; speeds are km/h; empty fields mean "not recorded". Blank lines and
/// lines starting with `#` are skipped.
public enum TraceParser {
    /// Parses a trace, detecting GPX (text starting with `<`) or CSV.
    /// - Throws: `TraceError` naming the line and what was expected.
    public static func parse(_ text: String, sourceName: String = "<memory>") throws(TraceError) -> Trace {
        let firstNonSpace = text.unicodeScalars.first { !$0.properties.isWhitespace }
        let trace = firstNonSpace == "<" ? try parseGPX(text, sourceName: sourceName) : try parseCSV(text, sourceName: sourceName)
        if trace.points.isEmpty {
            throw TraceError(sourceName: sourceName, line: 0,
                             message: firstNonSpace == "<" ? "no <trkpt> track points found (expected a GPX 1.1 track)"
                                                           : "no points found (expected CSV lines LAT,LON[,TIME][,SPEED])")
        }
        return trace
    }

    // MARK: CSV

    /// Parses CSV text.
    public static func parseCSV(_ text: String, sourceName: String = "<memory>") throws(TraceError) -> Trace {
        var points: [TracePoint] = []
        var columns = (lat: 0, lon: 1, time: 2 as Int?, speed: 3 as Int?)
        var sawData = false
        var lineNumber = 0
        // "\r\n" is one Character in Swift, so both line ends are separators.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            if !sawData && Double(fields[0]) == nil {
                columns = try headerColumns(fields, line: lineNumber, sourceName: sourceName)
                sawData = true
                continue
            }
            sawData = true
            func field(_ i: Int?) -> Substring? { i.flatMap { $0 < fields.count ? fields[$0] : nil } }
            guard let latText = field(columns.lat), let lonText = field(columns.lon) else {
                throw TraceError(sourceName: sourceName, line: lineNumber,
                                 message: "expected LAT,LON[,TIME][,SPEED], found \(fields.count) field(s)")
            }
            guard let lat = Double(latText), let lon = Double(lonText) else {
                let bad = Double(latText) == nil ? "latitude '\(latText)'" : "longitude '\(lonText)'"
                throw TraceError(sourceName: sourceName, line: lineNumber, message: "\(bad) is not a number (expected LAT,LON[,TIME][,SPEED])")
            }
            guard let coordinate = Coordinate(validatingLatitude: lat, longitude: lon) else {
                throw TraceError(sourceName: sourceName, line: lineNumber,
                                 message: "coordinate \(latText),\(lonText) is out of range (latitude -90...90, longitude -180...180)")
            }
            var time: Seconds? = nil
            if let t = field(columns.time), !t.isEmpty {
                guard let parsed = Double(t) ?? ISO8601Time.parse(t) else {
                    throw TraceError(sourceName: sourceName, line: lineNumber,
                                     message: "time '\(t)' is neither ISO 8601 (2024-05-01T10:00:00Z) nor a number of seconds")
                }
                time = parsed
            }
            var speed: KilometersPerHour? = nil
            if let s = field(columns.speed), !s.isEmpty {
                guard let v = Double(s), v.isFinite, v >= 0 else {
                    throw TraceError(sourceName: sourceName, line: lineNumber, message: "speed '\(s)' is not a non-negative number of km/h")
                }
                speed = v
            }
            points.append(TracePoint(coordinate: coordinate, time: time, speed: speed, line: lineNumber))
        }
        return Trace(points: points, sourceName: sourceName)
    }

    private static func headerColumns(_ fields: [Substring], line: Int, sourceName: String) throws(TraceError)
        -> (lat: Int, lon: Int, time: Int?, speed: Int?)
    {
        var lat: Int?, lon: Int?, time: Int?, speed: Int?
        for (i, f) in fields.enumerated() {
            switch f.lowercased() {
            case "lat", "latitude": lat = i
            case "lon", "lng", "long", "longitude": lon = i
            case "time", "timestamp", "datetime": time = i
            case "speed", "speed_kmh", "kmh": speed = i
            default: break
            }
        }
        guard let lat, let lon else {
            throw TraceError(sourceName: sourceName, line: line,
                             message: "header '\(fields.joined(separator: ","))' has no lat and lon columns (expected e.g. lat,lon,time,speed)")
        }
        return (lat, lon, time, speed)
    }

    // MARK: GPX

    /// Parses GPX text: every `<trkpt>` (or, when there is none, every `<rtept>`), in file order.
    public static func parseGPX(_ text: String, sourceName: String = "<memory>") throws(TraceError) -> Trace {
        let bytes = Array(text.utf8)
        var points = try scanPoints(bytes, element: Array("trkpt".utf8), sourceName: sourceName)
        if points.isEmpty { points = try scanPoints(bytes, element: Array("rtept".utf8), sourceName: sourceName) }
        return Trace(points: points, sourceName: sourceName)
    }

    private static func scanPoints(_ b: [UInt8], element: [UInt8], sourceName: String) throws(TraceError) -> [TracePoint] {
        var points: [TracePoint] = []
        var i = 0, line = 1, lineCountedTo = 0
        func lineAt(_ position: Int) -> Int {
            while lineCountedTo < position { if b[lineCountedTo] == 10 { line += 1 }; lineCountedTo += 1 }
            return line
        }
        while let start = find(b, [UInt8(ascii: "<")] + element, from: i) {
            let nameEnd = start + 1 + element.count
            guard nameEnd < b.count, b[nameEnd] == 32 || b[nameEnd] == 9 || b[nameEnd] == 10 || b[nameEnd] == 13 || b[nameEnd] == UInt8(ascii: ">") || b[nameEnd] == UInt8(ascii: "/") else {
                i = nameEnd; continue
            }
            let pointLine = lineAt(start)
            guard let tagEnd = find(b, [UInt8(ascii: ">")], from: nameEnd) else {
                throw TraceError(sourceName: sourceName, line: pointLine, message: "unterminated <\(String(decoding: element, as: UTF8.self))> tag")
            }
            let tag = String(decoding: b[nameEnd..<tagEnd], as: UTF8.self)
            let elementName = String(decoding: element, as: UTF8.self)
            guard let latText = attribute("lat", in: tag), let lonText = attribute("lon", in: tag) else {
                throw TraceError(sourceName: sourceName, line: pointLine, message: "<\(elementName)> needs lat and lon attributes")
            }
            guard let lat = Double(latText), let lon = Double(lonText),
                  let coordinate = Coordinate(validatingLatitude: lat, longitude: lon) else {
                throw TraceError(sourceName: sourceName, line: pointLine,
                                 message: "<\(elementName)> has invalid lat=\"\(latText)\" lon=\"\(lonText)\" (expected decimal degrees in range)")
            }
            var time: Seconds? = nil, speed: KilometersPerHour? = nil
            var next = tagEnd + 1
            if b[tagEnd - 1] != UInt8(ascii: "/") {
                let close = find(b, Array("</".utf8) + element, from: tagEnd) ?? b.count
                let body = String(decoding: b[(tagEnd + 1)..<close], as: UTF8.self)
                if let t = elementText("time", in: body) {
                    guard let parsed = ISO8601Time.parse(Substring(t)) else {
                        throw TraceError(sourceName: sourceName, line: pointLine, message: "<time>\(t)</time> is not an ISO 8601 time (expected 2024-05-01T10:00:00Z)")
                    }
                    time = parsed
                }
                if let s = elementText("speed", in: body), let v = Double(s.trimmingWhitespaceString()), v.isFinite, v >= 0 {
                    speed = SpeedConversion.kilometersPerHour(v)
                }
                next = close
            }
            points.append(TracePoint(coordinate: coordinate, time: time, speed: speed, line: pointLine))
            i = next
        }
        return points
    }

    private static func find(_ b: [UInt8], _ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, b.count >= needle.count else { return nil }
        var i = start
        let last = b.count - needle.count
        let first = needle[0]
        while i <= last {
            if b[i] == first {
                var j = 1
                while j < needle.count && b[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The value of `name="…"` or `name='…'` in a tag's attribute text.
    private static func attribute(_ name: String, in tag: String) -> String? {
        var rest = Substring(tag)
        while let r = rest.range(of: name) {
            let before = r.lowerBound == rest.startIndex ? " " : rest[rest.index(before: r.lowerBound)]
            var after = rest[r.upperBound...].drop { $0 == " " }
            if (before == " " || before == "\t" || before == "\n" || before == "\r"), after.first == "=" {
                after = after.dropFirst().drop { $0 == " " }
                if let quote = after.first, quote == "\"" || quote == "'" {
                    let value = after.dropFirst()
                    if let end = value.firstIndex(of: quote) { return String(value[..<end]) }
                }
            }
            rest = rest[r.upperBound...]
        }
        return nil
    }

    /// The text inside the first `<name>…</name>` in `body`.
    private static func elementText(_ name: String, in body: String) -> String? {
        guard let open = body.range(of: "<\(name)>"), let close = body.range(of: "</\(name)>", range: open.upperBound..<body.endIndex) else { return nil }
        return String(body[open.upperBound..<close.lowerBound])
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s.removeLast() }
        return s
    }
}

extension String {
    func trimmingWhitespaceString() -> String { String(Substring(self).trimmingWhitespace()) }
}
