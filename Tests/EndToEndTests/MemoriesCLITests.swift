import Fixtures
import Foundation
import Testing

/// `memories`: on this day in earlier years, as a script would ask for it.
@Suite struct MemoriesCLITests {
    @Test func memoriesOfADayOneAYearNewestFirst() throws {
        let sandbox = Sandbox()
        let photos = sandbox.root.path + "/photos"
        PhotoFixtures.write(PhotoFixtures.firstRun, into: photos)
        try sandbox.importWithCLI([photos])

        // Beach 1–5 July 2024, hike 11–14 September 2023, misc 1–3 January 2022.
        let json = try sandbox.cli(["memories", "--date", "2026-07-04", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let memories = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(memories.map { $0["year"] as? Int } == [2024])
        #expect(memories.first?["title"] as? String == "2 years ago · 2024")
        let names = (memories.first?["photos"] as? [[String: Any]] ?? []).map { (($0["path"] as? String ?? "") as NSString).lastPathComponent }
        #expect(names == ["beach-01.jpg", "beach-02.jpg", "beach-03.jpg", "beach-04.jpg", "beach-05.jpg"], "3 days either side, oldest first")

        // Across the year's end: on 30 December, 1 and 2 January 2022 are in 2021's window (the 3rd is 4 days
        // on), named by the year they were taken in.
        let newYear = try sandbox.cli(["memories", "--date", "2024-12-30"])
        #expect(newYear.status == 0)
        #expect(newYear.stdout.hasPrefix("3 years ago · 2022\t2 photos\n"), "\(newYear.stdout)")

        let none = try sandbox.cli(["memories", "--date", "2026-03-15"])
        #expect(none.status == 0 && none.stdout == "No photos from around 03-15 in earlier years.\n")
        let bad = try sandbox.cli(["memories", "--date", "2025-02-29"])
        #expect(bad.status == 1 && bad.stderr.contains("--date 2025-02-29: not a day"), "\(bad.stderr)")
    }
}
