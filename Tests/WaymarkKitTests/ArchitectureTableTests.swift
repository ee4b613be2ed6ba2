import Foundation
import TestSupport
import Testing

/// README's "which module for what" table lists exactly the modules of Package.swift, with their
/// dependencies as the manifest declares them (the C library wrappers aside).
@Suite struct ArchitectureTableTests {
    static func read(_ name: String) throws -> String {
        try String(contentsOf: SharedExtracts.projectRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// Module name to its Swift module dependencies (targets and package products), from `.target(...)`
    /// and `.executableTarget(...)`.
    static func manifestModules() throws -> [String: Set<String>] {
        let manifest = try read("Package.swift")
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(\s*name: "(\w+)"(?:,\s*dependencies: \[(.*?)\])?"#,
                                              options: [.dotMatchesLineSeparators])
        var modules: [String: Set<String>] = [:]
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 1), in: manifest)!])
            guard name != "TestSupport" else { continue }
            var dependencies = Set<String>()
            if let range = Range(match.range(at: 2), in: manifest) {
                // Target names and the product names of packages (`.product(name: "Logging", package: …)`).
                let quoted = try NSRegularExpression(pattern: #"(?<!package: )"(\w+)""#)
                let list = String(manifest[range])
                for m in quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                    let dependency = String(list[Range(m.range(at: 1), in: list)!])
                    if !dependency.hasPrefix("C") || dependency == "CitySynthesis" { dependencies.insert(dependency) }
                }
            }
            modules[name] = dependencies.subtracting(["ArgumentParser", "swift-argument-parser"])
        }
        return modules
    }

    /// Module name to the dependencies the README table gives (nil for "all of the above").
    static func readmeModules() throws -> [String: Set<String>?] {
        let readme = try read("README.md")
        let section = try #require(readme.components(separatedBy: "## Architecture").dropFirst().first?.components(separatedBy: "\n## ").first)
        var modules: [String: Set<String>?] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let depends = cells[2]
            if depends.hasPrefix("all of the above") { modules[name] = .some(nil); continue }
            modules[name] = depends == "–" ? [] : Set(depends.components(separatedBy: ", "))
        }
        return modules
    }

    @Test func tableListsEveryModuleWithItsDependencies() throws {
        let manifest = try Self.manifestModules()
        let readme = try Self.readmeModules()
        #expect(manifest.count >= 10, "the manifest parser found \(manifest.keys.sorted())")
        #expect(Set(readme.keys) == Set(manifest.keys), "README table \(readme.keys.sorted()) vs Package.swift \(manifest.keys.sorted())")
        for (name, dependencies) in manifest {
            guard let listed = readme[name], let listed else { continue }
            #expect(listed == dependencies, "\(name): README says \(listed.sorted()), Package.swift \(dependencies.sorted())")
        }
    }
}
