import Testing
@testable import TUI

/// `config.toml`: the `[keys]` table, and bad entries reported by line with the defaults kept.
@Suite struct ConfigTests {
    @Test func keysTableRemapsActions() {
        let config = Config(text: """
            # my keys
            [keys]
            quit = "x"                 # one key
            open = ["o", "enter"]
            "page-down" = [
              "space",   # a list may span lines
              "pgdn",
            ]
            """, file: "/home/ana/.config/photory/config.toml")
        #expect(config.problems == [])
        #expect(config.keyMap.action(for: .char("x"), in: .home) == .quit)
        #expect(config.keyMap.action(for: .char("q"), in: .home) == nil)
        #expect(config.keyMap.action(for: .char("o"), in: .group) == .open)
        #expect(config.keyMap.action(for: .char(" "), in: .group) == .pageDown)
        #expect(config.keyMap.action(for: .ctrl("f"), in: .group) == nil)
    }

    @Test func sharedRootsAndThePasswordFileOfAPostgreSQLLibrary() {
        let config = Config(text: """
            library = "postgresql://anna@nas/photos"
            password-file = "/home/anna/.config/photory/nas-password"
            [roots]
            photos = "/mnt/nas/photos/"
            scans = "relative/folder"
            """, file: "/home/anna/.config/photory/config.toml")
        #expect(config.passwordFile == "/home/anna/.config/photory/nas-password")
        #expect(config.roots == ["photos": "/mnt/nas/photos"])
        #expect(config.problems == ["config.toml line 5: [roots] scans takes this machine's folder for it in quotes, like \"/mnt/nas/photos\""])
    }

    @Test func badEntriesNameTheirLineAndKeepTheDefaults() {
        let config = Config(text: """
            [keys]
            opne = "o"
            quit = "ctrl-"
            help = 3
            back = "esc
            reload = "r"
            reload = "R"
            import = ["a"] junk
            [colours]
            theme = "dark"
            mark = "m"
            """, file: "/x/config.toml")
        // Every problem, in the file's order.
        #expect(config.problems == [
            "config.toml line 2: unknown action \"opne\"; the actions are: " + Action.allCases.map(\.rawValue).joined(separator: ", "),
            "config.toml line 3: \"ctrl-\" is not a key name (examples: \"x\", \"X\", \"enter\", \"esc\", \"space\", \"ctrl-b\", \"pgdn\", \"f2\")",
            "config.toml line 4: \"help\" takes a key name or a list of them, not an integer",
            "config.toml line 5: a string is not closed",
            "config.toml line 7: \"reload\" is set twice",
            "config.toml line 8: unexpected text after the value",
            "config.toml line 9: unknown table [colours]; known: [keys]",
        ])
        let defaults = KeyMap()
        for action: Action in [.quit, .help, .back, .importPhotos, .open] {
            for context in KeyContext.allCases {
                #expect(config.keyMap.binding(action, in: context) == defaults.binding(action, in: context))
            }
        }
        #expect(config.keyMap.binding(.reload, in: .home)?.keys == [.char("r")])
    }

    @Test func twoActionsCannotClaimOneKeyWhereBothWork() {
        let config = Config(text: """
            [keys]
            open = "o"
            reload = "o"
            mark = "o"
            """, file: "config.toml")
        // mark works only in the picker, where open means "open the folder" too.
        #expect(config.problems == [
            "config.toml line 3: \"o\" is already given to \"open\" on line 2",
            "config.toml line 4: \"o\" is already given to \"open\" on line 2",
        ])
        #expect(config.keyMap.action(for: .char("o"), in: .home) == .open)
    }

    @Test func aMissingFileIsTheDefaults() {
        let config = Config.load(path: "/nonexistent/photory/config.toml")
        #expect(config.problems.isEmpty)
        #expect(config.keyMap == KeyMap())
    }

    @Test func theStatusLineSummarisesProblems() {
        #expect(BrowserApp.summary(ofProblems: []) == nil)
        #expect(BrowserApp.summary(ofProblems: ["a", "b", "c"]) == "a; defaults kept (and 2 more problems: ? lists all)")
    }
}
