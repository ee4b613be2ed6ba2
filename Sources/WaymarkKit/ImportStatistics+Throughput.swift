import Foundation
import OSMImport

extension ImportStatistics {
    /// The summary line's rates: `61.2 MB/s XML, 7.9 MB/s input` for XML, `14.5 MB/s PBF, 48 blocks
    /// on 2 threads` for PBF (blocks and MB of the file, as the progress line counts them).
    public var throughputSummary: String {
        switch format {
        case .xml:
            String(format: "%.1f MB/s XML, %.1f MB/s input", xmlMegabytesPerSecond, inputMegabytesPerSecond)
        case .pbf:
            String(format: "%.1f MB/s PBF, ", inputMegabytesPerSecond)
                + "\(pbfBlocks.withThousandsSeparators) blocks on \(decodingThreads) thread\(decodingThreads == 1 ? "" : "s")"
        }
    }
}
