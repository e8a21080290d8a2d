import Fixtures
import Library
import Testing
@testable import TUI

/// A video playing with the kitty graphics protocol, frame after frame through the real screen
/// (`AppView.render`) and the real drawer (`FrameDrawer` on a `RecordingBackend`): the terminal
/// gets each frame's pixels under one image id, which each frame replaces, so however long the
/// video plays the terminal holds one image for it (before, every frame was a new image, kept).
@Suite struct KittyVideoFramesTests {
    static let kitty = GraphicsDetector.Detection(graphicsProtocol: .kitty, tmuxPassthrough: false, reason: "test")

    /// A 4×2-pixel frame whose pixels say which frame it is.
    static func frameImage(_ number: Int) throws -> TerminalImage {
        let pixels = (0..<(4 * 2 * 3)).map { UInt8(truncatingIfNeeded: number &* 7 &+ $0) }
        let image = try KittyImage(id: 99, width: 4, height: 2, format: .rgb, pixels: pixels, cells: (8, 4))
        return TerminalImage(bytes: image.encoded(), kittyID: 99)
    }

    /// The kitty sequences (`ESC _ G … ESC \`) in `bytes`, without the cursor moves around them.
    static func kittySequences(_ bytes: [UInt8]) -> [[UInt8]] {
        var sequences: [[UInt8]] = []
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "_"), bytes[index + 2] == UInt8(ascii: "G") else {
                index += 1
                continue
            }
            var end = index + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            sequences.append(Array(bytes[index...(end + 1)]))
            index = end + 2
        }
        return sequences
    }

    /// What one drawn screen sent: the images transmitted (id and pixels) and the other commands' keys.
    struct Sent {
        var transmitted: [(id: String, pixels: [UInt8])] = []
        var commands: [String] = []
    }

    static func sent(_ backend: RecordingBackend) throws -> Sent {
        let bytes = backend.takeEvents().flatMap { event -> [UInt8] in
            if case let .bytes(bytes) = event { bytes } else { [] }
        }
        var sent = Sent()
        var transmission: [UInt8] = []
        for sequence in kittySequences(bytes) {
            let keys = String(decoding: sequence.dropFirst(3).prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }, as: UTF8.self)
            if keys.hasPrefix("a=T") || !transmission.isEmpty {
                transmission += sequence
                if keys.contains("m=0") {
                    let stream = try KittyStream(transmission)
                    #expect(stream.violations.isEmpty)
                    sent.transmitted.append((stream.chunks.first?["i"] ?? "", try stream.image().pixels))
                    transmission = []
                }
            } else {
                sent.commands.append(keys)
            }
        }
        return sent
    }

    @Test func eachFrameReplacesTheLastUnderOneImageIDAndEscTakesItOff() throws {
        var state = VideoPlaybackTests.onVideo()
        state.press(.char("p"))
        var drawer = FrameDrawer(graphics: Self.kitty)
        let backend = RecordingBackend(columns: state.columns, rows: state.rows)
        drawer.draw(AppView.render(state), on: backend, keyWaiting: { false })
        _ = backend.takeEvents()

        var ids: Set<String> = []
        for number in 0..<30 {
            let time = Double(number) * 0.04
            var frame = VideoPlaybackTests.frame(state, time: time, due: 1 + time)
            (frame.content, frame.columns, frame.rows) = (.image(try Self.frameImage(number)), 8, 4)
            state.send(.videoFrame(frame, now: 1 + time))
            #expect(state.playback?.frame?.time == time)
            drawer.draw(AppView.render(state), on: backend, keyWaiting: { false })
            let sent = try Self.sent(backend)
            try #require(sent.transmitted.count == 1, "frame \(number) is sent once")
            #expect(sent.transmitted[0].pixels == (try KittyStream(Self.frameImage(number).bytes).image().pixels),
                    "frame \(number)'s own pixels, not a placing of an older frame")
            #expect(!sent.commands.contains { $0.hasPrefix("a=p") })
            #expect(!sent.commands.contains { $0.hasPrefix("a=d") }, "nothing to hide: the new pixels replace the old")
            ids.insert(sent.transmitted[0].id)
        }
        #expect(ids.count == 1, "one image id for the whole playing, not one per frame: \(ids.sorted())")

        state.press(.escape)
        #expect(state.playback == nil)
        drawer.draw(AppView.render(state), on: backend, keyWaiting: { false })
        let stopped = try Self.sent(backend)
        #expect(stopped.commands.contains("a=d,d=i,i=\(ids.first ?? ""),q=2"), "the last frame is taken off")
    }

    @Test func aFrameSentWhileAKeyWaitsHidesTheOldOneAndComesNext() throws {
        var state = VideoPlaybackTests.onVideo()
        state.press(.char("p"))
        var drawer = FrameDrawer(graphics: Self.kitty)
        let backend = RecordingBackend(columns: state.columns, rows: state.rows)
        for number in 0..<2 {
            let time = Double(number) * 0.04
            var frame = VideoPlaybackTests.frame(state, time: time, due: 1 + time)
            (frame.content, frame.columns, frame.rows) = (.image(try Self.frameImage(number)), 8, 4)
            state.send(.videoFrame(frame, now: 1 + time))
            drawer.draw(AppView.render(state), on: backend, keyWaiting: { number == 1 })
        }
        _ = backend.takeEvents()
        drawer.draw(AppView.render(state), on: backend, keyWaiting: { false })
        let sent = try Self.sent(backend)
        #expect(sent.transmitted.map(\.pixels) == [try KittyStream(Self.frameImage(1).bytes).image().pixels])
    }

    @Test func anIDHoldsOnlyTheContentLastSentUnderIt() {
        var kept = KittyKeptImages()
        _ = kept.shown(5, content: "video a 1 0.0", bytes: 100, onScreen: [5])
        #expect(kept.holds(5, content: "video a 1 0.0"))
        _ = kept.shown(5, content: "video a 1 0.04", bytes: 100, onScreen: [5])
        #expect(!kept.holds(5, content: "video a 1 0.0"), "the next frame replaced it")
        #expect(kept.holds(5, content: "video a 1 0.04"))
    }
}
