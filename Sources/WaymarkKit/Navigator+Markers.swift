import ARExport
import Geodesy
import Guidance
import Places

extension Navigator {
    /// The AR marker list for a route's guidance waypoints: the places along the route (when asked
    /// for), the elevation tiles covering it (when given), then the markers.
    ///
    /// `timer`, when given, records the stages `pois`, `dem` and `markers`.
    /// - Complexity: O(waypoints + places near the route), plus reading the tiles that cover the route.
    public func markers(for waypoints: [Waypoint], request: MarkerRequest,
                        timer: StageTimer? = nil) throws(MarkerExportError) -> ARMarkerList {
        do throws(ARExportError) { try request.options.validate() } catch { throw .export(error) }
        let area = Self.area(of: waypoints, origin: request.options.origin)
        let places = try placesAlong(waypoints, area: area, request: request)
        timer?.lap("pois")
        var elevation: ElevationModel?
        if let directory = request.elevationDirectory {
            do throws(ARExportError) { elevation = try ElevationModel.load(directory: directory, covering: area) } catch { throw .export(error) }
        }
        timer?.lap("dem")
        do throws(ARExportError) {
            let list = try ARMarkerExporter.markers(for: waypoints, placesAlongRoute: places, options: request.options, elevation: elevation)
            timer?.lap("markers")
            return list
        } catch {
            throw .export(error)
        }
    }

    /// The places of the requested categories within the corridor, located along the route.
    func placesAlong(_ waypoints: [Waypoint], area: BoundingBox, request: MarkerRequest) throws(MarkerExportError) -> [PointOfInterestOnRoute] {
        guard let categories = request.placeCategories else { return [] }
        guard request.placeCorridor.isFinite, request.placeCorridor > 0, request.placeCorridor <= PointOfInterestFinder.maximumCorridor else {
            throw .places(.invalidValue(.corridor, value: DecimalNumber.fixed(request.placeCorridor, decimals: 3),
                                        expected: "a positive distance in metres up to \(Int(PointOfInterestFinder.maximumCorridor))"))
        }
        var candidates = network.pointsOfInterest
        if !area.isEmpty {
            do throws(RoadNetworkLoadError) {
                candidates = try network.pointsOfInterest(within: PointOfInterestFinder.boundingBox(enclosing: area, padding: request.placeCorridor))
            } catch {
                throw .pointsOfInterest(error)
            }
        }
        do throws(PlacesError) {
            return try PointOfInterestFinder(candidates).placesAlongRoute(
                waypoints.map(\.coordinate), distances: waypoints.map(\.distanceAlongRoute),
                corridor: request.placeCorridor, categories: categories)
        } catch {
            throw .places(error)
        }
    }

    /// The box around the waypoints and the AR origin.
    static func area(of waypoints: [Waypoint], origin: Coordinate?) -> BoundingBox {
        var area = BoundingBox()
        for w in waypoints { area.include(w.coordinate) }
        if let origin { area.include(origin) }
        return area
    }
}
