import Fixtures
import Foundation
import Testing

/// Photos whose file names are Latin-1, not UTF-8, driven through the real binary.
@Suite struct Latin1NameTests {
    /// `café.jpg` and `Straße été.jpg` in Latin-1, as printf octal escapes and as bytes.
    static let names: [(printf: String, bytes: [UInt8])] = [
        ("caf\\351.jpg", Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)),
        ("Stra\\337e \\351t\\351.jpg", Array("Stra".utf8) + [0xDF] + Array("e ".utf8) + [0xE9, 0x74, 0xE9] + Array(".jpg".utf8)),
    ]

    @Test func importListAndShowUseTheExactBytes() throws {
        let sandbox = Sandbox()
        let sources = PhotoFixtures.write(Array(PhotoFixtures.firstRun.prefix(2)), into: sandbox.root.path + "/src")
        for (source, name) in zip(sources, Self.names) {
            sandbox.root.write(try Data(contentsOf: URL(fileURLWithPath: source)), toRawName: name.bytes, in: "latin")
        }
        let folder = sandbox.root.path + "/latin"
        let binary = try E2E.binary()
        let cli = { (arguments: [String]) in
            try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
        }

        let imported = try cli(["import", folder])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2 imported"), "\(imported.stdout)")

        let text = try cli(["list"])
        #expect(text.stdout.contains("\(folder)/caf\u{FFFD}.jpg"))
        #expect(text.stdout.contains("\(folder)/Stra\u{FFFD}e \u{FFFD}t\u{FFFD}.jpg"))

        let json = try cli(["list", "--json"]).stdout
        #expect(json.contains("\"path\" : \"\(folder)/caf\\udce9.jpg\""), "\(json)")
        let exact = Array(folder.utf8) + [UInt8(ascii: "/")] + Self.names[0].bytes
        #expect(json.contains("\"pathBytes\" : \"\(Data(exact).base64EncodedString())\""))
        #expect(!json.contains("\u{FFFD}"))

        // `show` with the exact bytes on argv, absolute and relative to the working folder.
        let show = "exec \"$0\" show --library \"$1\" \"$(printf \"$2\")\""
        let environment = sandbox.environment(term: "dumb", colorterm: nil)
        let absolute = Processes.run("/bin/sh", ["-c", show, binary, sandbox.library, folder + "/" + Self.names[1].printf],
                                     environment: environment)
        #expect(absolute.status == 0, "\(absolute.stderr)")
        #expect(absolute.stdout.contains("Path        \(folder)/Stra\u{FFFD}e \u{FFFD}t\u{FFFD}.jpg"), "\(absolute.stdout)")
        #expect(absolute.stdout.contains("Missing     no"))
        let relative = Processes.run("/bin/sh", ["-c", show, binary, sandbox.library, Self.names[0].printf],
                                     environment: environment, currentDirectory: folder)
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stdout.contains("Path        \(folder)/caf\u{FFFD}.jpg"), "\(relative.stdout)")
    }

    /// `für.jpg` and `för.jpg` in Latin-1 both read `f�r.jpg` once decoded: given by name on
    /// the command line (as `import *.jpg` gives them), each must still be its own file.
    @Test func namesThatDecodeAlikeOnTheCommandLineStayApart() throws {
        let sandbox = Sandbox()
        let sources = PhotoFixtures.write(Array(PhotoFixtures.firstRun.prefix(2)), into: sandbox.root.path + "/src")
        let names: [[UInt8]] = [[0x66, 0xFC, 0x72], [0x66, 0xF6, 0x72]].map { $0 + Array(".jpg".utf8) }
        for (source, name) in zip(sources, names) {
            sandbox.root.write(try Data(contentsOf: URL(fileURLWithPath: source)), toRawName: name, in: "latin")
        }
        let folder = sandbox.root.path + "/latin"
        let script = "exec \"$0\" import --library \"$1\" \"$(printf 'f\\374r.jpg')\" \"$(printf 'f\\366r.jpg')\""
        let result = Processes.run("/bin/sh", ["-c", script, try E2E.binary(), sandbox.library],
                                   environment: sandbox.environment(term: "dumb", colorterm: nil),
                                   currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 imported"), "\(result.stdout)")
        let json = try E2E.cli(["list", "--json", "--library", sandbox.library], sandbox: sandbox).stdout
        #expect(json.contains("\(folder)/f\\udcfcr.jpg"), "\(json)")
        #expect(json.contains("\(folder)/f\\udcf6r.jpg"), "\(json)")
    }
}
