import Server
import Testing

/// `serve --max-trip-size`: the most stops of a `/trip` request, range-checked like the other limits.
@Suite struct TripLimitSettingsTests {
    @Test func tripStopsBecomeTheServiceLimit() throws {
        let settings = WaymarkServer.Settings(tripStops: 12, servesMapPage: false)
        #expect(try settings.configuration(source: WaymarkServerSettingsTests.source).0.http.limits.tripStops == 12)
        #expect(try WaymarkServer.Settings(servesMapPage: false).configuration(source: WaymarkServerSettingsTests.source).0.http.limits.tripStops == 100)
    }

    @Test(arguments: [1, 10_001]) func tripStopsOutOfRangeAreNamed(stops: Int) {
        let error = WaymarkServerSettingsTests.error(.init(tripStops: stops, servesMapPage: false))
        #expect(error?.description(naming: [.tripStops: "--max-trip-size"])
                    == "--max-trip-size '\(stops)' is out of range: expected a number of stops from 2 to 10000")
    }
}
