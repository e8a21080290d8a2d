import Foundation
import Glibc
import Testing
@testable import TUI

extension GraphicsTests {
/// The start-up exchange with a terminal played by the test: it reads the queries photory
/// sends and answers them from another thread, in pieces, with keys typed in between, with
/// garbage, or not at all. Waits are limits against a hang, never timings.
@Suite struct TerminalQueryTests {
    /// An xterm started with `-ti vt340` and the 6x13 font: XTVERSION, the cell size, DA1 with 4 (sixel).
    static let xtermVersion = TerminalReplyParserTests.xtversion
    static let xtermCellSize = "\u{1B}[6;13;6t"
    static let xtermAttributes = TerminalReplyParserTests.da1Sixel

    /// Two pipes standing for the terminal: what photory writes (`queries`) and what it reads (`answers`).
    final class FakeTerminal: @unchecked Sendable {
        /// photory writes the queries here …
        let queryWrite: Int32
        /// … and the terminal reads them here.
        let queryRead: Int32
        /// The terminal answers here (-1 once closed) …
        private(set) var answerWrite: Int32
        /// … and photory reads the answers (and the keys) here.
        let answerRead: Int32
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var receivedQueries: [UInt8] = []

        init() throws {
            var queries: [Int32] = [0, 0], answers: [Int32] = [0, 0]
            guard pipe(&queries) == 0, pipe(&answers) == 0 else { throw POSIXError(.EMFILE) }
            (queryRead, queryWrite, answerRead, answerWrite) = (queries[0], queries[1], answers[0], answers[1])
        }

        deinit {
            for fd in [queryWrite, queryRead, answerWrite, answerRead] where fd >= 0 { close(fd) }
        }

        /// Closes the terminal's side of the input: photory reads end of file.
        func closeAnswers() {
            close(answerWrite)
            answerWrite = -1
        }

        /// Writes `text` as typed keys at once, before photory asks anything.
        func typeAhead(_ text: String) {
            _ = text.withCString { write(answerWrite, $0, strlen($0)) }
        }

        /// The queries the terminal read before answering.
        var queries: [UInt8] { lock.withLock { receivedQueries } }

        /// On another thread: reads the whole start-up query, then writes each of `pieces` as its
        /// own `write` (a yield between them, so the reader sees them apart when it can).
        func answer(_ pieces: [[UInt8]], afterReading queryCount: Int = TerminalReplyParser.startupQueries.count) {
            Thread { [self] in
                var got: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 256)
                while got.count < queryCount {
                    let count = read(queryRead, &buffer, buffer.count)
                    guard count > 0 else { break }
                    got += buffer[0..<count]
                }
                lock.withLock { receivedQueries = got }
                for piece in pieces {
                    _ = piece.withUnsafeBytes { write(answerWrite, $0.baseAddress!, $0.count) }
                    sched_yield()
                }
                done.signal()
            }.start()
        }

        /// `answer` with text pieces.
        func answer(_ pieces: String...) {
            answer(pieces.map { Array($0.utf8) })
        }

        /// Waits (a minute at most: a hang guard) until the answering thread wrote everything.
        func waitUntilAnswered() -> Bool { done.wait(timeout: .now() + 60) == .success }

        /// `TerminalQuery.ask` as the Terminal calls it, with a generous timeout unless told.
        func ask(queries: [UInt8] = TerminalReplyParser.startupQueries,
                 timeoutMs: Int = 10_000) -> (replies: TerminalReplies, typed: [UInt8]) {
            TerminalQuery.ask(inputFD: answerRead, outputFD: queryWrite, queries: queries, timeoutMs: timeoutMs)
        }
    }

    @Test func anXtermWithSixelIsFoundWithItsCellSize() throws {
        let terminal = try FakeTerminal()
        terminal.answer(Self.xtermVersion, Self.xtermCellSize, Self.xtermAttributes)
        let answer = terminal.ask()
        #expect(terminal.waitUntilAnswered())
        #expect(terminal.queries == TerminalReplyParser.startupQueries)
        #expect(answer.typed.isEmpty)
        #expect(answer.replies.terminalVersion == "XTerm(379)")
        #expect(answer.replies.cellSize == CellPixelSize(width: 6, height: 13))
        #expect(answer.replies.sixel)
        let detection = GraphicsDetector.detect(.auto, environment: ["TERM": "xterm-256color"], replies: answer.replies)
        #expect(detection.graphicsProtocol == .sixel)
        #expect(!detection.tmuxPassthrough)
    }

    /// Inside a multiplexer the kitty query is left out (tmux shows its APC as a window title).
    @Test func insideTmuxNoKittyQueryIsSent() throws {
        let terminal = try FakeTerminal()
        let queries = TerminalReplyParser.multiplexerQueries
        terminal.answer([Array(("\u{1B}P>|tmux 3.3a\u{1B}\\" + Self.xtermCellSize + Self.xtermAttributes).utf8)],
                        afterReading: queries.count)
        let answer = terminal.ask(queries: queries)
        #expect(terminal.waitUntilAnswered())
        #expect(terminal.queries == queries)
        #expect(!terminal.queries.indices.dropLast().contains { terminal.queries[$0] == 0x1B && terminal.queries[$0 + 1] == UInt8(ascii: "_") },
                "no APC")
        #expect(answer.replies.terminalVersion == "tmux 3.3a")
        #expect(answer.replies.cellSize == CellPixelSize(width: 6, height: 13))
        #expect(answer.typed.isEmpty)
    }

    @Test func repliesSplitAcrossWritesAreStillRecognised() throws {
        let terminal = try FakeTerminal()
        let all = Array((Self.xtermVersion + Self.xtermCellSize + Self.xtermAttributes).utf8)
        // Cut inside every sequence, and once right after an ESC.
        let cuts = [3, 9, 19, 20, 24, all.count - 4, all.count - 1]
        var pieces: [[UInt8]] = []
        var start = 0
        for cut in cuts {
            pieces.append(Array(all[start..<cut]))
            start = cut
        }
        pieces.append(Array(all[start...]))
        terminal.answer(pieces)
        let answer = terminal.ask()
        #expect(terminal.waitUntilAnswered())
        #expect(answer.typed.isEmpty, "no piece of a reply reaches the keys")
        #expect(answer.replies == TerminalReplies(terminalVersion: "XTerm(379)", cellSize: CellPixelSize(width: 6, height: 13),
                                                  deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 22]))
    }

    @Test func keysTypedBetweenRepliesComeBackInOrder() throws {
        let terminal = try FakeTerminal()
        // j, ↑ (ESC [ A), a UTF-8 é, then q in the middle of the last reply's pieces.
        terminal.answer("j", Self.xtermVersion, "\u{1B}[A", "é", Self.xtermCellSize, "q", Self.xtermAttributes)
        let answer = terminal.ask()
        #expect(terminal.waitUntilAnswered())
        #expect(answer.typed == Array("j\u{1B}[Aéq".utf8))
        #expect(answer.replies.terminalVersion == "XTerm(379)")
        #expect(answer.replies.cellSize == CellPixelSize(width: 6, height: 13))
        #expect(answer.replies.sixel)
    }

    @Test func garbageIsDroppedAndTheRestStillCounts() throws {
        let terminal = try FakeTerminal()
        terminal.answer("\u{1B}P>|XTe",                  // XTVERSION cut off by the next reply
                        Self.xtermCellSize,
                        "\u{1B}_Gi=99;OK\u{1B}\\",       // a kitty answer about someone else's image
                        "k", Self.xtermAttributes)
        let answer = terminal.ask()
        #expect(terminal.waitUntilAnswered())
        #expect(answer.replies.terminalVersion == nil)
        #expect(answer.replies.kittyGraphics == nil, "another image's OK never turns kitty on")
        #expect(answer.replies.cellSize == CellPixelSize(width: 6, height: 13))
        #expect(answer.replies.sixel)
        // Only what the user typed is handed back: no byte of the garbage reads as Esc ("back").
        #expect(answer.typed == [UInt8(ascii: "k")])
        let detection = GraphicsDetector.detect(.auto, environment: ["TERM": "xterm-256color"], replies: answer.replies)
        #expect(detection.graphicsProtocol == .sixel)
    }

    @Test func noAnswerAtAllReturnsWithNoReplies() throws {
        let terminal = try FakeTerminal()
        terminal.answer()   // reads the queries, says nothing
        let answer = terminal.ask(timeoutMs: 200)
        #expect(terminal.waitUntilAnswered())
        #expect(terminal.queries == TerminalReplyParser.startupQueries)
        #expect(answer.replies == TerminalReplies())
        #expect(answer.typed.isEmpty)
        let detection = GraphicsDetector.detect(.auto, environment: ["TERM": "xterm-256color"], replies: answer.replies)
        #expect(detection.graphicsProtocol == .symbols)
    }

    @Test func keysTypedToATerminalThatNeverAnswersAreKept() throws {
        let terminal = try FakeTerminal()
        terminal.typeAhead("gj\u{1B}[B")
        terminal.answer()
        let answer = terminal.ask(timeoutMs: 200)
        #expect(terminal.waitUntilAnswered())
        #expect(answer.replies == TerminalReplies())
        #expect(answer.typed == Array("gj\u{1B}[B".utf8))
    }

    @Test func aClosedInputEndsTheWait() throws {
        let terminal = try FakeTerminal()
        terminal.closeAnswers()   // the terminal went away: end of file at once
        let answer = terminal.ask(timeoutMs: 600_000)
        #expect(answer.replies == TerminalReplies())
        #expect(answer.typed.isEmpty)
    }

    @Test func anOutputThatRefusesTheQueriesMeansNoWait() throws {
        let terminal = try FakeTerminal()
        let answer = TerminalQuery.ask(inputFD: terminal.answerRead, outputFD: -1, timeoutMs: 600_000)
        #expect(answer.replies == TerminalReplies())
        #expect(answer.typed.isEmpty)
    }
}
}
