import Foundation
import TestSupport
import Testing

/// Package.swift declares, for every target, exactly the modules its Swift files import: no dependency
/// that nothing imports (a module linked for nothing), none imported without being declared (a build that
/// works only because the module arrives transitively).
@Suite struct DependencyGraphTests {
    /// Modules of the toolchain, which no manifest declares.
    static let toolchainModules: Set<String> = ["Foundation", "FoundationXML", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin",
                                                "Synchronization", "Testing", "XCTest", "_Concurrency"]

    /// Every module a directory's Swift files import (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(under directory: String) throws -> Set<String> {
        let root = SharedExtracts.projectRoot.appendingPathComponent(directory)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#,
                                              options: .anchorsMatchLines)
        var modules = Set<String>()
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                modules.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return modules
    }

    @Test func everyTargetDeclaresExactlyTheModulesItImports() throws {
        let targets = try PackageManifestTargets().targets
        #expect(targets.count >= 30, "the manifest parser found \(targets.map(\.name))")
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        for target in targets where target.kind != "systemLibrary" {
            let imported = try Self.imports(under: target.path).subtracting(Self.toolchainModules).subtracting([target.name])
            #expect(!imported.isEmpty || target.dependencies.isEmpty, "\(target.name): no imports read under \(target.path)")
            // A test target may depend on an executable only to have it built (it runs the binary).
            let declared = target.kind == "testTarget" ? target.dependencies.subtracting(executables) : target.dependencies
            #expect(declared.subtracting(imported).isEmpty,
                    "\(target.name) declares \(declared.subtracting(imported).sorted()) but no file of \(target.path) imports them")
            #expect(imported.subtracting(declared).isEmpty,
                    "\(target.name) imports \(imported.subtracting(declared).sorted()) without declaring them in Package.swift")
        }
    }

    @Test func theParserReadsDependenciesAndPaths() throws {
        let byName = Dictionary(uniqueKeysWithValues: try PackageManifestTargets().targets.map { ($0.name, $0) })
        let server = try #require(byName["Server"])
        #expect(server.dependencies.isSuperset(of: ["OSRMService", "NIOPosix", "NIOCore"]))
        #expect(!server.dependencies.contains("swift-nio"), "a package's name is not a module")
        #expect(byName["TestSupport"]?.path == "Tests/TestSupport")
        #expect(byName["GeodesyTests"]?.path == "Tests/GeodesyTests")
        #expect(byName["Geodesy"]?.dependencies == [])
    }
}
