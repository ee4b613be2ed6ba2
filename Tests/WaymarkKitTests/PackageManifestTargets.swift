import Foundation
import TestSupport

/// The targets of Package.swift as its text declares them: name, kind, directory and the modules they
/// depend on (target names and package products), read with regular expressions because the tests cannot
/// run SwiftPM on the package they are part of.
struct PackageManifestTargets {
    struct Target {
        var name: String
        /// `target`, `executableTarget`, `testTarget` or `systemLibrary`.
        var kind: String
        /// The directory of its sources, relative to the project root.
        var path: String
        var dependencies: Set<String>
    }

    let targets: [Target]

    init() throws {
        let manifest = try String(contentsOf: SharedExtracts.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // A declaration runs from `.kind(` to the next declaration (or the end of the targets list).
        let start = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name: "(\w+)""#)
        let matches = start.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
        targets = matches.enumerated().map { index, match in
            let end = index + 1 < matches.count ? matches[index + 1].range.location : (manifest as NSString).length
            let text = (manifest as NSString).substring(with: NSRange(location: match.range.location, length: end - match.range.location))
            let kind = (manifest as NSString).substring(with: match.range(at: 1))
            let name = (manifest as NSString).substring(with: match.range(at: 2))
            return Target(name: name, kind: kind, path: Self.path(in: text, name: name, kind: kind), dependencies: Self.dependencies(in: text))
        }
    }

    /// `path:` when given, else SwiftPM's default directory.
    static func path(in declaration: String, name: String, kind: String) -> String {
        if let range = declaration.range(of: #"path: "([^"]+)""#, options: .regularExpression) {
            return String(declaration[range].dropFirst("path: \"".count).dropLast())
        }
        return (kind == "testTarget" ? "Tests/" : "Sources/") + name
    }

    /// The quoted names in `dependencies: [...]`: target names and the products' names (not their packages').
    static func dependencies(in declaration: String) -> Set<String> {
        guard let open = declaration.range(of: "dependencies: [") else { return [] }
        var depth = 1
        var end = open.upperBound
        while end < declaration.endIndex, depth > 0 {
            if declaration[end] == "[" { depth += 1 } else if declaration[end] == "]" { depth -= 1 }
            end = declaration.index(after: end)
        }
        let list = String(declaration[open.upperBound..<end])
        let quoted = try! NSRegularExpression(pattern: #"(?<!package: )"(\w[\w-]*)""#)
        return Set(quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)).map { (list as NSString).substring(with: $0.range(at: 1)) })
    }
}
