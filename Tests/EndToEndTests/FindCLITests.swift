import Fixtures
import Foundation
import Testing

/// `list --search` and `groups --by`, run as a script would run them.
@Suite struct FindCLITests {
    /// The first-run photos in three folders: beach in summer/, hike in autumn/, the rest loose.
    private func importSortedPhotos(_ sandbox: Sandbox) throws {
        let photos = sandbox.root.path + "/photos"
        let set = PhotoFixtures.firstRun
        PhotoFixtures.write(Array(set[0..<5]), into: photos + "/summer")
        PhotoFixtures.write(Array(set[5..<9]), into: photos + "/autumn")
        PhotoFixtures.write(Array(set[9...]), into: photos)
        try sandbox.importWithCLI([photos])
    }

    private func run(_ arguments: [String], _ sandbox: Sandbox) throws -> TmuxSession.Output {
        try E2E.cli(arguments + ["--library", sandbox.library], sandbox: sandbox)
    }

    /// The file names `list --search` prints, in order.
    private func names(_ query: String, _ sandbox: Sandbox, _ more: [String] = []) throws -> [String] {
        let output = try run(["list", "--search", query] + more, sandbox)
        #expect(output.status == 0, "\(query): \(output.stderr)")
        return output.stdout.split(separator: "\n").map { ($0.split(separator: "\t").last.map(String.init) ?? "") }
            .map { ($0 as NSString).lastPathComponent }
    }

    @Test func listSearchFindsWhatTheQuerySays() throws {
        let sandbox = Sandbox()
        try importSortedPhotos(sandbox)
        #expect(try names("BEACH", sandbox) == (1...5).map { "beach-0\($0).jpg" }, "name and description, oldest first")
        #expect(try names("beach-03", sandbox) == ["beach-03.jpg"])
        #expect(try names("summer", sandbox).count == 5, "folder")
        #expect(try names("\"mountain   hike\"", sandbox).count == 4, "phrase")
        #expect(try names("year:2023", sandbox) == (1...4).map { "hike-0\($0).jpg" })
        #expect(try names("date:2024-07-02..2024-07-03", sandbox) == ["beach-02.jpg", "beach-03.jpg"])
        #expect(try names("-year:2023 -beach", sandbox) == ["misc-01.jpg", "misc-02.jpg", "misc-03.jpg"])
        #expect(try names("camera:testcam", sandbox).count == 12)
        #expect(try names("group:\"beach day\" date:2024-07-05", sandbox) == ["beach-05.jpg"])
        #expect(try names("beach", sandbox, ["--sort", "newestFirst"]).first == "beach-05.jpg")
        #expect(try names("fav", sandbox).isEmpty)
        #expect(try names("zebra", sandbox).isEmpty)

        let json = try run(["list", "--search", "year:2022", "--json"], sandbox)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["group"] as? String } == ["Other", "Other", "Other"])
    }

    @Test func aBadQueryExitsWithTheReason() throws {
        let sandbox = Sandbox()
        try importSortedPhotos(sandbox)
        let bad = try run(["list", "--search", "beach date:2019-13"], sandbox)
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty, "nothing stale")
        #expect(bad.stderr.contains("date:2019-13: month 13 is not 1–12"), "\(bad.stderr)")
        let unknown = try run(["list", "--search", "colour:red"], sandbox)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown filter \"colour:\""))
    }

    @Test func groupsByEveryGrouping() throws {
        let sandbox = Sandbox()
        try importSortedPhotos(sandbox)
        func lines(_ kind: String) throws -> [String] {
            let output = try run(["groups", "--by", kind], sandbox)
            #expect(output.status == 0, "\(kind): \(output.stderr)")
            return output.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
        }
        #expect(try lines("description") == ["Beach day 5", "Mountain hike 4", "Other 3"])
        #expect(try lines("description") == (try run(["groups"], sandbox)).stdout.split(separator: "\n")
            .map { $0.split(separator: "\t").prefix(2).joined(separator: " ") })
        #expect(try lines("date") == ["2024 5", "  July 2024 5", "2023 4", "  September 2023 4", "2022 3", "  January 2022 3"])
        #expect(try lines("camera") == ["Testcam E2E One 12"])
        #expect(try lines("place") == ["No location 12"])
        #expect(try lines("folder") == ["autumn 4", "photos 3", "summer 5"])

        let json = try run(["groups", "--by", "date", "--json"], sandbox)
        let years = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(years.map { $0["name"] as? String } == ["2024", "2023", "2022"])
        let months = try #require(years[0]["children"] as? [[String: Any]])
        #expect(months.map { $0["name"] as? String } == ["July 2024"])
        #expect(months[0]["count"] as? Int == 5)
        #expect(months[0]["firstTakenAt"] as? String == "2024-07-01T10:00:00")
        #expect((months[0]["children"] as? [Any])?.isEmpty == true)

        let bad = try run(["groups", "--by", "colour"], sandbox)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("colour"))
    }
}
