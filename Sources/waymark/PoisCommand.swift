import ArgumentParser
import OSRMService
import Places
import RouteFormats
import WaymarkKit

/// `waymark pois`: lists named places near a point, nearest first, with distance and direction.
struct PoisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pois",
        abstract: "List points of interest near a place, by distance, with bearing and compass direction.",
        discussion: """
        The radius is at most 10000 m; --category combines at most 6 names from the table in docs/ar.md (Place categories)
        (restaurant, cafe, bar, pub, fast_food, fuel, parking, hotel, museum, attraction, viewpoint,
        supermarket, bakery, pharmacy, hospital, bank, atm, park, monument, castle, ...). With --db the
        database's spatial index is queried; with --osm the file is imported and indexed in memory.
        """)

    @OptionGroup var source: GraphSource
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The place to search around, as LAT,LON.", valueName: "lat,lon"))
    var near: String
    @Option(name: .long, help: "Search radius in metres (at most 10000).", transform: NumericOption.decimal)
    var radius: Double = PointOfInterestQuery.defaultRadius
    @Option(name: .long, help: "Only these categories (comma-separated, at most 6), e.g. restaurant,cafe.")
    var category: String?
    @Option(name: .long, help: "List at most this many places.", transform: NumericOption.whole)
    var limit: Int?
    @Option(name: .long, help: "Output format: text, json or geojson.")
    var format: String = "text"

    func validate() throws {
        // --radius is checked by PointOfInterestQuery, first thing in run() (its message names the maximum).
        if let limit { try NumericOption.check(limit, option: "--limit", range: 1...Int(Int32.max), unit: "a number of places") }
    }

    func run() throws {
        try reportingFailures {
            guard let outputFormat = NearbyPointsOfInterestFormat(rawValue: format.lowercased()) else {
                throw CommandFailure(message: "--format '\(format)' is not supported (expected text, json or geojson)")
            }
            let center = try CoordinateList.parseLatitudeLongitude(near, input: "--near")
            let categories = try category.map { text throws(PlacesError) in try PointOfInterestCategory.parseList(text) } ?? []
            let query = try PointOfInterestQuery(center: center, radius: radius, categories: categories, limit: limit)
            try writeOutput(outputFormat.render(try source.source.pointsOfInterest(matching: query), query: query))
        }
    }
}
