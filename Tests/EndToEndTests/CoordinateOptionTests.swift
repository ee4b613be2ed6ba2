import Foundation
import Testing

/// Every command that takes coordinates reads a negative latitude as a value, not as an unknown flag.
///
/// The sample town lies in the northern hemisphere, so a southern point has no road nearby: the command
/// must get as far as snapping (exit 4 for the routing commands) instead of failing at argument parsing (64).
@Suite struct CoordinateOptionTests {
    static let sample = SharedExtractsSample.path

    @Test(arguments: ["route", "waypoints", "markers"])
    func negativeLatitudeIsReadAsACoordinate(command: String) throws {
        let result = try CLI.run([command, "--osm", Self.sample, "--from", "-33.87,151.21", "--to", "-33.88,151.20"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("-33.87,151.21"), "\(result)")
    }

    @Test func negativeViaIsReadAsACoordinate() throws {
        let result = try CLI.run(["route", "--osm", Self.sample, "--from", "45.81,15.98", "--via", "-1,-1", "--to", "45.81,15.98"])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("-1,-1"), "\(result)")
    }

    @Test func poisAcceptANegativeCentre() throws {
        let result = try CLI.run(["pois", "--osm", Self.sample, "--near", "-33.87,151.21"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("0 places"), "\(result)")
    }
}

/// The project's own sample extract (always present: it is committed in `osm/`).
enum SharedExtractsSample {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("osm/sample-town.osm")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
        }
        return "osm/sample-town.osm"
    }()
}
