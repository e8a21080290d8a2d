import Testing
@testable import TUI

/// config.toml's per-host request headers (issue 24): read from `[web."host"]`, and a secret
/// never quoted in a problem.
@Suite struct WebHeadersConfigTests {
    @Test func headersAreReadByHostInBothForms() {
        let config = Config(text: """
            [web."API.Unsplash.com"]
            headers = { Authorization = "Client-ID abc", "X-Extra" = 'two' }

            [web."127.0.0.1".headers]
            Cookie = "session=1"
            """, file: "config.toml")
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.webHeaders == ["api.unsplash.com": ["Authorization": "Client-ID abc", "X-Extra": "two"],
                                      "127.0.0.1": ["Cookie": "session=1"]])
    }

    @Test func aBadEntryIsNamedWithoutItsSecret() {
        let config = Config(text: """
            [web."h.example"]
            headers = { Authorization = 42 }
            token = "s3cret"
            """, file: "config.toml")
        #expect(config.webHeaders.isEmpty)
        #expect(config.problems.count == 2)
        #expect(config.problems.allSatisfy { $0.hasPrefix("config.toml line ") && !$0.contains("s3cret") && !$0.contains("42") },
                "\(config.problems)")
    }
}
