import Foundation

extension LegalDefaultSpeeds {
    /// The rules file as JSON: `roadTypesByName`, `speedLimitsByCountryCode`, `meta`, `warnings`.
    private struct RulesFile: Decodable {
        var meta: [String: String]?
        var roadTypesByName: [String: RoadTypeCatalog.FilterTexts]
        var speedLimitsByCountryCode: [String: [RoadTypeEntry]]
        var warnings: [String]?
    }

    /// One entry of a region's list; without a name it is the region's default.
    private struct RoadTypeEntry: Decodable {
        var name: String?
        var tags: [String: String]
    }

    /// Loads rules from the JSON of a rules file, parsing every filter once.
    /// - Parameter sourceName: the file's path or name, for errors.
    /// - Throws: `LegalDataError` naming `sourceName` when the JSON cannot be decoded, when a filter has a
    ///   syntax error (naming the road type, the filter and the position) or when road types refer to each
    ///   other in a circle through placeholders.
    /// - Complexity: O(size of the file); about 50 ms for the bundled rules (release build), most of it
    ///   decoding the JSON.
    public init(json: [UInt8], sourceName: String) throws(LegalDataError) {
        let file: RulesFile
        do {
            file = try JSONDecoder().decode(RulesFile.self, from: Data(json))
        } catch {
            throw LegalDataError(file: sourceName, problem: Self.describe(error))
        }
        let listedNames = file.speedLimitsByCountryCode.values.joined().compactMap(\.name)
        let catalog: RoadTypeCatalog
        do {
            catalog = try RoadTypeCatalog(filterTexts: file.roadTypesByName, otherNames: listedNames)
        } catch {
            throw LegalDataError(file: sourceName, problem: error.description)
        }
        self.init(catalog: catalog, regions: file.speedLimitsByCountryCode, meta: file.meta ?? [:], warnings: file.warnings ?? [])
    }

    /// The rules bundled with Waymark (`legal_default_speeds.json`, OSM wiki revision 2607051).
    /// - Throws: `LegalDataError` when the file is missing or cannot be read or loaded.
    public static func bundled() throws(LegalDataError) -> LegalDefaultSpeeds {
        try LegalDefaultSpeeds(json: LegalDataFiles.read(LegalDataFiles.rulesFileName), sourceName: LegalDataFiles.rulesFileName)
    }

    private init(catalog: RoadTypeCatalog, regions: [String: [RoadTypeEntry]], meta: [String: String], warnings: [String]) {
        self.catalog = catalog
        self.meta = meta
        self.warnings = warnings
        rulesByRegion = regions.mapValues { entries in
            entries.map { entry in
                RoadTypeRule(name: entry.name, roadType: entry.name.map { catalog.indexByName[$0]! },
                             tags: entry.tags, trimmedTags: ImpliedSpeedTags.trimmed(entry.tags))
            }
        }
        let expressions = catalog.filters.flatMap(\.all).map(\.expression)
        relevantKeys = expressions.reduce(into: Set<String>()) { $0.formUnion($1.keysRead) }
        relevantKeyPatterns = expressions.flatMap(\.keyPatterns)
    }

    /// One line on why the JSON could not be decoded, with the path to the offending value.
    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "not readable as JSON: \(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return components.isEmpty ? "the top level" : components.joined(separator: ".")
        }
        switch decodingError {
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return "not valid JSON at \(path(context)): \(context.debugDescription)\(underlying)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" in \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "not readable as JSON: \(decodingError)"
        }
    }
}
