import Routing

/// The documents a table is written as outside the HTTP API (`waymark table --format`).
public enum TableFormat: String, Sendable, CaseIterable {
    /// OSRM's `/table/v1` body, the server's for the same request.
    case json
    /// One row per source and destination (`TableInput.csv`).
    case csv
}

extension RoutingService {
    /// The table of `request` as a `format` document, ending with a newline.
    /// - Throws: `NoSegment` naming the first coordinate without a road in reach.
    public func tableDocument(_ request: TableRequest, format: TableFormat, workspace: RoutingWorkspace) throws(ServiceError) -> String {
        switch format {
        case .json:
            return try table(request, workspace: workspace) + "\n"
        case .csv:
            let table = try tableCells(request, workspace: workspace)
            return TableInput.csv(sources: table.sources, destinations: table.destinations, cells: table.cells)
        }
    }
}
