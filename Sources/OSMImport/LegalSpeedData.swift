import LegalSpeedLimits
import Synchronization

/// The bundled legal speed rules and country boundaries, read once per process (an import reads them
/// before it reads the extract, so a missing or damaged file stops it at once).
struct LegalSpeedData: Sendable {
    let rules: LegalDefaultSpeeds
    let boundaries: CountryBoundaries

    private static let loaded = Mutex<LegalSpeedData?>(nil)

    /// The data, read on first use.
    /// - Throws: `OSMImportError` of kind `.speedLimitData` naming the file and what is wrong with it.
    static func bundled() throws(OSMImportError) -> LegalSpeedData {
        if let data = loaded.withLock({ $0 }) { return data }
        do throws(LegalDataError) {
            let data = LegalSpeedData(rules: try LegalDefaultSpeeds.bundled(), boundaries: try CountryBoundaries.bundled())
            loaded.withLock { $0 = data }
            return data
        } catch {
            throw OSMImportError(kind: .speedLimitData, source: error.file, detail: error.problem)
        }
    }
}
