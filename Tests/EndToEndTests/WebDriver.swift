import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven through chromedriver with W3C WebDriver JSON over HTTP (the protocol
/// Selenium speaks), for the map page's browser tests.
///
/// Debian's `chromium` and `chromium-driver` (or `WAYMARK_CHROMIUM` / `WAYMARK_CHROMEDRIVER`); the tests
/// are skipped when either is missing. Every call is bounded in time: a hung browser fails the test
/// instead of stalling the suite.
final class WebDriver {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let chromiumPath = ProcessInfo.processInfo.environment["WAYMARK_CHROMIUM"] ?? "/usr/bin/chromium"
    static let chromedriverPath = ProcessInfo.processInfo.environment["WAYMARK_CHROMEDRIVER"] ?? "/usr/bin/chromedriver"

    /// Whether both programs are installed (told once).
    static let isAvailable: Bool = {
        let available = FileManager.default.isExecutableFile(atPath: chromiumPath) && FileManager.default.isExecutableFile(atPath: chromedriverPath)
        if !available { print("note: \(chromiumPath) or \(chromedriverPath) not found (Debian: chromium chromium-driver); skipping the browser tests") }
        return available
    }()

    /// The W3C key of an element reference in JSON.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"
    /// Longest wait for one WebDriver command, seconds.
    static let commandTimeout = 60.0

    private let driver = Process()
    private let port: Int
    private var session = ""
    /// Where downloads land.
    let downloads: URL

    /// Starts chromedriver and a headless Chromium with a window of `width` × `height` CSS pixels that
    /// cannot resolve any host name but loopback addresses (so a page that reached for the network fails).
    init(width: Int = 1280, height: Int = 800, directory: URL) throws {
        port = try Self.freePort()
        downloads = directory.appendingPathComponent("downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        driver.executableURL = URL(fileURLWithPath: Self.chromedriverPath)
        driver.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        driver.standardInput = FileHandle.nullDevice
        try driver.run()
        do {
            try waitUntilReady()
            try startSession(width: width, height: height)
        } catch {
            quit()
            throw error
        }
    }

    deinit { quit() }

    /// Ends the browser session and chromedriver.
    func quit() {
        if !session.isEmpty { _ = try? command("DELETE", "/session/\(session)"); session = "" }
        if driver.isRunning {
            // chromedriver's own shutdown command; SIGTERM may leave it waiting.
            _ = try? command("GET", "/shutdown", timeout: 2)
            let deadline = Date().addingTimeInterval(5)
            while driver.isRunning && Date() < deadline { usleep(20_000) }
            if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        }
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let status = try? command("GET", "/status", timeout: 2) as? [String: Any], status["ready"] as? Bool == true { return }
            usleep(100_000)
        }
        throw Failure(description: "chromedriver did not become ready on port \(port) within 30 s")
    }

    private func startSession(width: Int, height: Int) throws {
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                         "--window-size=\(width),\(height)", "--no-first-run", "--disable-extensions",
                         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.chromiumPath, "args": arguments,
                                   "prefs": ["download.default_directory": downloads.path, "download.prompt_for_download": false]],
            "goog:loggingPrefs": ["browser": "ALL"],
            "timeouts": ["pageLoad": 30_000, "script": 30_000],
        ] as [String: Any]]]
        guard let value = try command("POST", "/session", capabilities) as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "chromedriver started no session")
        }
        session = id
        try setViewport(width: width, height: height)
        _ = try cdp("Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": downloads.path])
    }

    // MARK: Commands

    /// Sets the page's viewport to exactly `width` × `height` CSS pixels (a phone when `mobile`).
    func setViewport(width: Int, height: Int, mobile: Bool = false) throws {
        _ = try cdp("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
    }

    func navigate(_ url: String) throws { _ = try command("POST", "/session/\(session)/url", ["url": url]) }

    /// Runs JavaScript in the page (`return …` gives the value).
    func execute(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
    }

    /// Waits until a script returns true, polling every 100 ms; fails after `timeout` seconds with `what`.
    func wait(for what: String, timeout: Double = 30, until script: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try execute(script) as? Bool == true { return }
            usleep(100_000)
        }
        throw Failure(description: "timed out after \(Int(timeout)) s waiting for \(what)")
    }

    /// The element a CSS selector finds first.
    func element(_ selector: String) throws -> String {
        guard let value = try command("POST", "/session/\(session)/element", ["using": "css selector", "value": selector]) as? [String: Any],
              let id = value[Self.elementKey] as? String else { throw Failure(description: "no element \(selector)") }
        return id
    }

    func click(_ selector: String) throws { _ = try command("POST", "/session/\(session)/element/\(try element(selector))/click", [:]) }

    /// A mouse click at viewport pixel (x, y), with Shift held when `shift`.
    func click(x: Int, y: Int, shift: Bool = false) throws {
        let pointer: [String: Any] = ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": [
            ["type": "pointerMove", "x": x, "y": y, "origin": "viewport", "duration": 0],
            ["type": "pause", "duration": 0],
            ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
        ]]
        var sources: [[String: Any]] = [pointer]
        if shift {
            sources.append(["type": "key", "id": "keyboard", "actions": [
                ["type": "keyDown", "value": "\u{E008}"], ["type": "pause", "duration": 0],
                ["type": "pause", "duration": 0], ["type": "pause", "duration": 0], ["type": "keyUp", "value": "\u{E008}"],
            ]])
        }
        _ = try command("POST", "/session/\(session)/actions", ["actions": sources])
        _ = try command("DELETE", "/session/\(session)/actions")
    }

    /// Presses a key (WebDriver key codes, e.g. "\u{E004}" for Tab).
    func press(_ key: String) throws {
        _ = try command("POST", "/session/\(session)/actions", ["actions": [["type": "key", "id": "keyboard", "actions": [
            ["type": "keyDown", "value": key], ["type": "keyUp", "value": key],
        ]]]])
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        guard let base64 = try command("GET", "/session/\(session)/screenshot") as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// The browser console's entries since the last call (level and message).
    func consoleEntries() throws -> [(level: String, message: String)] {
        let value = try command("POST", "/session/\(session)/se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return value.map { ($0["level"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    /// A DevTools protocol command through chromedriver.
    func cdp(_ method: String, _ parameters: [String: Any]) throws -> Any? {
        try command("POST", "/session/\(session)/goog/cdp/execute", ["cmd": method, "params": parameters])
    }

    // MARK: Transport

    /// Sends one WebDriver command and returns its `value`; a WebDriver error becomes a `Failure`.
    @discardableResult
    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: Double = WebDriver.commandTimeout) throws -> Any? {
        let client = try RawHTTPClient(port: port, timeout: timeout)
        let text = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let response = try client.get(path, method: method, body: text ?? (method == "POST" ? "{}" : nil))
        let json = try? JSONSerialization.jsonObject(with: Data(response.body.utf8), options: [.fragmentsAllowed]) as? [String: Any]
        let value = json?["value"]
        if response.status != 200 {
            let detail = (value as? [String: Any]).map { "\($0["error"] ?? ""): \(String(describing: $0["message"] ?? "").prefix(300))" } ?? response.body.prefix(300).description
            throw Failure(description: "\(method) \(path): HTTP \(response.status) \(detail)")
        }
        return value is NSNull ? nil : value
    }

    /// A TCP port nothing listens on now (bound, read, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
