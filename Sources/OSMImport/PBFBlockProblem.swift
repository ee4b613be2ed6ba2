/// What is wrong inside one PBF block; the reader adds the file name, block number and offset.
struct PBFBlockProblem: Error {
    var kind: OSMImportError.Kind
    var detail: String

    static func malformed(_ detail: String) -> PBFBlockProblem { PBFBlockProblem(kind: .malformedPBF, detail: detail) }
}
