import Foundation
import Testing
import TestSupport
@testable import RoadNetworkStore

@Suite struct SHA256Tests {
    /// FIPS 180-4 / NIST example vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func oneMillionLetterA() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Padding edge cases: messages of 55, 56, 63, 64 and 65 bytes cross the one/two padding block
    /// boundary, and feeding them in uneven pieces must give the one-shot digest.
    @Test(arguments: [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000])
    func piecewiseFeedingMatchesOneShot(length: Int) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let oneShot = SHA256.hex(of: message)
        var hasher = SHA256()
        var i = 0, piece = 1
        while i < message.count {
            let end = min(message.count, i + piece)
            hasher.update(message[i..<end])
            i = end
            piece = piece * 2 + 1
        }
        #expect(hasher.finalizeHex() == oneShot)
        #expect(oneShot.count == 64)
    }

    @Test(.enabled(if: SharedExtracts.available("bautzen-west.osm.bz2")),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "needs /usr/bin/sha256sum"))
    func fileDigestAgreesWithSha256sum() throws {
        let path = try SharedExtracts.require("bautzen-west.osm.bz2")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = String(output.prefix(64))
        #expect(try SHA256.hex(ofFileAt: path) == expected)
    }

    @Test(.enabled(if: SharedExtracts.available("checksums.sha256", "kirchberg-an-der-iller-tiny.osm"))) func fileDigestAgreesWithTheSharedChecksumList() throws {
        let list = try SharedExtracts.require("checksums.sha256")
        let path = try SharedExtracts.require("kirchberg-an-der-iller-tiny.osm")
        let line = try #require(try String(contentsOfFile: list, encoding: .utf8)
            .split(separator: "\n").first { $0.hasSuffix(" kirchberg-an-der-iller-tiny.osm") })
        #expect(try SHA256.hex(ofFileAt: path) == String(line.prefix(64)))
    }
}
