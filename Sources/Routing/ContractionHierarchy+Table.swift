extension ContractionHierarchy {
    /// A bucket entry: target `target` is reachable from the bucket's vertex at `cost` (and `annotation`).
    struct BucketEntry {
        var target: UInt32
        var cost: UInt32
        var annotation: UInt32
    }

    /// The costs from every source to every target (many-to-many), bucket-based.
    ///
    /// Each source and target is a list of seeds (a point snapped mid-edge seeds both ends of its
    /// edge). One backward upward search per target leaves `(target, cost)` in the bucket of every
    /// vertex it settles; one forward upward search per source then reads the buckets of the vertices
    /// it settles, and the cheapest `forward + bucket` cost per target is the table entry (the top
    /// vertex of each shortest path lies in both search spaces). Both searches stall on demand, which
    /// is exact (a stalled vertex's label is not its distance, so it is never a shortest path's top).
    /// With `annotation`, each entry also carries that quantity summed along the path its cost came
    /// from (plus the chosen seeds' `annotation`).
    /// - Returns: unreachable pairs (or an empty seed list) as `unreachable`, i.e. nil through the
    ///   table's subscript. When a cost or annotation reached 2³² − 1 units on the way (4,295 km in
    ///   millimetres), `ws.lastSearchOverflowed` is set: an entry may then be missing or its annotation capped.
    ///   When `shouldStop` (asked before each target's and each source's search) turns true, the searches
    ///   left are skipped and their entries stay unreachable: the caller that stops a table discards it.
    /// - Precondition: seed vertices `< vertexCount`; the workspace belongs to this hierarchy.
    /// - Complexity: O((|sources| + |targets|) · S log S + bucket scans), S = one upward search space;
    ///   memory O(|targets| · S) for the buckets plus the table.
    public func table(from sources: [[SearchSeed]], to targets: [[SearchSeed]], annotation: HierarchyAnnotation? = nil,
                      workspace ws: ContractionHierarchyWorkspace, shouldStop: (@Sendable () -> Bool)? = nil) -> CostTable {
        precondition(ws.capacity >= vertexCount, "the workspace was made for a smaller hierarchy; use hierarchy.makeWorkspace()")
        if let annotation {
            precondition(annotation.upward.count == upwardArcID.count && annotation.downward.count == downwardArcID.count,
                         "the annotation was made for another hierarchy")
        }
        ws.lastSearchOverflowed = false
        let buckets = fillBuckets(targets: targets, annotation: annotation, workspace: ws, shouldStop: shouldStop)
        var costs = [UInt32](repeating: Self.unreachable, count: sources.count * targets.count)
        var annotations: [UInt32]? = annotation == nil ? nil : [UInt32](repeating: 0, count: costs.count)
        var settled = 0
        for (i, seeds) in sources.enumerated() {
            if let shouldStop, shouldStop() { break }
            settled += scanBuckets(from: seeds, row: i * targets.count, buckets: buckets, annotation: annotation,
                                   costs: &costs, annotations: &annotations, workspace: ws)
        }
        ws.lastSettledCount += settled
        return CostTable(sourceCount: sources.count, targetCount: targets.count, costs: costs, annotations: annotations)
    }

    /// Runs one backward search per target and files what they settle into buckets sorted by vertex
    /// (a counting sort over the touched vertices, so no O(n) pass).
    private func fillBuckets(targets: [[SearchSeed]], annotation: HierarchyAnnotation?,
                             workspace ws: ContractionHierarchyWorkspace, shouldStop: (@Sendable () -> Bool)?) -> [BucketEntry] {
        ws.beginBuckets()
        var unsorted: [(rank: UInt32, entry: BucketEntry)] = []
        var settled = 0
        for (j, seeds) in targets.enumerated() {
            if let shouldStop, shouldStop() { break }
            settled += withArcViews { up, down in
                upwardSearch(from: seeds, side: ws.backward, annotations: ws.backwardAnnotation,
                             relax: down, stall: up, annotationValues: annotation?.downward, workspace: ws) { r, d, a in
                    unsorted.append((r, BucketEntry(target: UInt32(j), cost: d, annotation: a)))
                }
            }
        }
        ws.lastSettledCount = settled
        let generation = ws.bucketGeneration
        for (r, _) in unsorted {
            if ws.bucketStamp[Int(r)] != generation {
                ws.bucketStamp[Int(r)] = generation
                ws.bucketFill[Int(r)] = 0
                ws.touchedRanks.append(r)
            }
            ws.bucketFill[Int(r)] += 1
        }
        var next: UInt32 = 0
        for r in ws.touchedRanks {
            ws.bucketStart[Int(r)] = next
            next += ws.bucketFill[Int(r)]
            ws.bucketFill[Int(r)] = ws.bucketStart[Int(r)]
        }
        var sorted = [BucketEntry](repeating: BucketEntry(target: 0, cost: 0, annotation: 0), count: unsorted.count)
        for (r, entry) in unsorted {
            sorted[Int(ws.bucketFill[Int(r)])] = entry
            ws.bucketFill[Int(r)] += 1
        }
        return sorted  // bucket of r: bucketStart[r] ..< bucketFill[r], when bucketStamp[r] is current
    }

    /// Runs the forward search of one source and improves its table row from the buckets it meets.
    /// - Returns: the vertices settled.
    private func scanBuckets(from seeds: [SearchSeed], row: Int, buckets: [BucketEntry], annotation: HierarchyAnnotation?,
                             costs: inout [UInt32], annotations: inout [UInt32]?,
                             workspace ws: ContractionHierarchyWorkspace) -> Int {
        let generation = ws.bucketGeneration
        return withArcViews { up, down in
            upwardSearch(from: seeds, side: ws.forward, annotations: ws.forwardAnnotation, relax: up, stall: down,
                         annotationValues: annotation?.upward, workspace: ws) { r, d, a in
                guard ws.bucketStamp[Int(r)] == generation else { return }
                for b in Int(ws.bucketStart[Int(r)]) ..< Int(ws.bucketFill[Int(r)]) {
                    let entry = buckets[b]
                    let total = UInt64(d) + UInt64(entry.cost)
                    let cell = row + Int(entry.target)
                    if total >= UInt64(Self.unreachable) { ws.lastSearchOverflowed = true }
                    if total < UInt64(costs[cell]) {
                        costs[cell] = UInt32(total)
                        if annotations != nil {
                            let (sum, overflow) = a.addingReportingOverflow(entry.annotation)
                            if overflow { ws.lastSearchOverflowed = true }
                            annotations![cell] = overflow ? .max : sum
                        }
                    }
                }
            }
        }
    }

    /// An exhaustive upward search of one direction with stall-on-demand, calling `visit(rank,
    /// distance, annotation)` for every vertex settled and not stalled.
    /// - Returns: the vertices settled.
    private func upwardSearch(from seeds: [SearchSeed], side: ContractionHierarchyWorkspace.Side,
                              annotations: UnsafeMutablePointer<UInt32>, relax: ArcView, stall: ArcView,
                              annotationValues: [UInt32]?, workspace ws: ContractionHierarchyWorkspace,
                              visit: (UInt32, UInt32, UInt32) -> Void) -> Int {
        ws.beginSearch()
        let generation = ws.generation, labels = side.labels
        var queue = MinHeap(emptyIn: ws.forwardQueue)
        for s in seeds {
            precondition(Int(s.vertex) < vertexCount, "seed vertex \(s.vertex) is not in the hierarchy (\(vertexCount) vertices)")
            if s.cost == Self.unreachable { continue }
            let r = Int(rank[Int(s.vertex)])
            if labels[r].stamp != generation || s.cost < labels[r].distance {
                labels[r] = .init(distance: s.cost, stamp: generation)
                annotations[r] = s.annotation
                queue.push(PackedEntry.make(key: s.cost, vertex: UInt32(r)))
            }
        }
        var settled = 0
        while !queue.isEmpty {
            let entry = queue.pop()
            let d = PackedEntry.key(entry), r = Int(PackedEntry.vertex(entry))
            if d != labels[r].distance { continue }
            settled += 1
            if Self.isStalled(r, distance: d, labels: labels, generation: generation, arcs: stall) { continue }
            visit(UInt32(r), d, annotations[r])
            let overflowed = if let values = annotationValues {
                relaxAnnotated(of: r, distance: d, labels: labels, annotations: annotations, values: values,
                               generation: generation, arcs: relax, queue: &queue)
            } else {
                Self.relaxArcs(of: r, distance: d, side: side, generation: generation, arcs: relax, queue: &queue)
            }
            if overflowed { ws.lastSearchOverflowed = true }
        }
        return settled
    }

    /// `relaxArcs` that also carries the annotation sum along; returns whether a cost or annotation
    /// passed 32 bits.
    private func relaxAnnotated(of r: Int, distance d: UInt32, labels: UnsafeMutablePointer<ContractionHierarchyWorkspace.Label>,
                                annotations: UnsafeMutablePointer<UInt32>, values: [UInt32], generation: UInt32,
                                arcs: ArcView, queue: inout MinHeap<UInt64>) -> Bool {
        var overflowed = false
        for i in Int(arcs.first[r]) ..< Int(arcs.first[r + 1]) {
            let candidate = UInt64(d) + UInt64(arcs.ends[2 * i + 1])
            if candidate >= UInt64(Self.unreachable) { overflowed = true; continue }
            let x = Int(arcs.ends[2 * i])
            if labels[x].stamp != generation || UInt32(candidate) < labels[x].distance {
                labels[x] = .init(distance: UInt32(candidate), stamp: generation)
                let (sum, overflow) = annotations[r].addingReportingOverflow(values[i])
                if overflow { overflowed = true }
                annotations[x] = overflow ? .max : sum
                queue.push(PackedEntry.make(key: UInt32(candidate), vertex: UInt32(x)))
            }
        }
        return overflowed
    }
}
