/// The per-vertex arrays only many-to-many tables use (`ContractionHierarchy.table`): annotation sums per
/// direction and the buckets' stamp, start and fill cursor.
///
/// Apart from the labels of `ContractionHierarchyWorkspace` because a workspace that only answers
/// routes never touches them: made on the first table, they stay out of memory until then (20 of a
/// workspace's 52 bytes per vertex; Porto's server, two workers, 6 MB).
final class HierarchyTableBuffers {
    let forwardAnnotation: UnsafeMutablePointer<UInt32>
    let backwardAnnotation: UnsafeMutablePointer<UInt32>
    let bucketStamp: UnsafeMutablePointer<UInt32>
    let bucketStart: UnsafeMutablePointer<UInt32>
    let bucketFill: UnsafeMutablePointer<UInt32>

    /// Bytes per vertex: two annotations and three bucket fields.
    static let bytesPerVertex = 5 * MemoryLayout<UInt32>.stride

    /// Zeroed arrays for `size` vertices.
    /// - Complexity: O(size).
    init(size: Int) {
        func zeroed() -> UnsafeMutablePointer<UInt32> {
            let values = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
            values.initialize(repeating: 0, count: size)
            return values
        }
        forwardAnnotation = zeroed()
        backwardAnnotation = zeroed()
        bucketStamp = zeroed()
        bucketStart = zeroed()
        bucketFill = zeroed()
    }

    deinit {
        forwardAnnotation.deallocate()
        backwardAnnotation.deallocate()
        bucketStamp.deallocate()
        bucketStart.deallocate()
        bucketFill.deallocate()
    }
}
