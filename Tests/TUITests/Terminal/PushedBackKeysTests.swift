import Foundation
import Glibc
import Testing
@testable import TUI

extension OneTerminalAtATime {
    /// Keys typed while the start-up query waited for the terminal are handed back to ncurses
    /// (`Terminal.pushBack`, which the init uses) and come out of `readKeys` as the keys they were.
    @Suite struct PushedBackKeysTests {
        /// A headless terminal reading a pipe; returns it with the pipe's write end.
        private func terminal() throws -> (Terminal, Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            let terminal = try Terminal(headlessColumns: 20, rows: 4, termName: "xterm-256color",
                                        inputFileDescriptor: fds[0], colorModeOverride: .colors256)
            return (terminal, fds[1])
        }

        /// Every key of the next batches until `count` came or a read returned nothing.
        private func keys(_ terminal: Terminal, count: Int) -> [Key] {
            var keys: [Key] = []
            while keys.count < count {
                let batch = terminal.readKeys(timeoutMs: 1000)
                if batch.isEmpty { break }
                keys += batch
            }
            return keys
        }

        @Test func anArrowALetterAndAnAccentedLetterComeBackAsKeys() throws {
            let (terminal, keysFD) = try terminal()
            defer { terminal.restore(); close(keysFD) }
            // ↑ as the terminal sends it once ncurses turned the keypad on (`smkx`), then é in two bytes.
            terminal.pushBack(Array("\u{1B}OAj\u{E9}".utf8))
            #expect(keys(terminal, count: 3) == [.up, .char("j"), .char("é")])
        }

        /// The run loop sleeps in `waitForInput` before it reads keys: keys pushed back wake it at
        /// once, not when the next byte comes in (the loop has no timeout: that could be never).
        @Test func pushedBackKeysWakeTheWait() throws {
            let (terminal, keysFD) = try terminal()
            defer { terminal.restore(); close(keysFD) }
            let wake = WakePipe()
            terminal.pushBack(Array("j".utf8))
            #expect(terminal.waitForInput(orWake: wake, timeoutMs: 10_000) == .input)   // the limit is a hang guard
            #expect(terminal.readKeys(timeoutMs: 0) == [.char("j")])
            #expect(terminal.waitForInput(orWake: wake, timeoutMs: 0) == .timeout, "nothing left")
        }

        /// A paste during the start-up wait can be longer than ncurses' push-back queue (137 keys),
        /// which, once full, never reads as empty again: the keys must not come round for ever.
        @Test func aLongPasteNeverComesRoundForEver() throws {
            let (terminal, keysFD) = try terminal()
            defer { terminal.restore(); close(keysFD) }
            let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
            let pasted = (0..<300).map { letters[$0 % letters.count] }
            terminal.pushBack(pasted)
            var keys: [Key] = []
            for _ in 0..<3 {   // at most 4096 keys a batch: a few batches tell an end from an endless stream
                let batch = terminal.readKeys(timeoutMs: 0)
                if batch.isEmpty { break }
                keys += batch
            }
            #expect(keys.count <= pasted.count, "no key comes twice")
            #expect(!keys.isEmpty)
            // What comes is the start of the paste, in order.
            let text = String(keys.compactMap { if case let .char(c) = $0 { c } else { nil } })
            #expect(text.count == keys.count)
            #expect(String(decoding: pasted, as: UTF8.self).hasPrefix(text))
            #expect(terminal.readKeys(timeoutMs: 0).isEmpty)
        }

        /// Whatever the bytes, pushed back they read as the same keys as typed.
        @Test(arguments: ["\u{1B}OA", "\u{1B}[A", "\u{1B}[6~x", "日本", "\u{1B}", "\u{1B}q", "\u{1B}[1;5C", "\r\u{7F}\t"])
        func pushedBackBytesReadAsTheSameKeysAsTypedOnes(_ input: String) throws {
            let (terminal, keysFD) = try terminal()
            defer { terminal.restore(); close(keysFD) }
            _ = input.withCString { write(keysFD, $0, strlen($0)) }
            let typed = keys(terminal, count: input.count)
            terminal.pushBack(Array(input.utf8))
            let pushed = keys(terminal, count: input.count)
            #expect(pushed == typed)
        }

        @Test func pushedBackKeysComeBeforeWhatIsTypedAfter() throws {
            let (terminal, keysFD) = try terminal()
            defer { terminal.restore(); close(keysFD) }
            terminal.pushBack(Array("ab".utf8))
            _ = "c".withCString { write(keysFD, $0, 1) }
            #expect(keys(terminal, count: 3) == [.char("a"), .char("b"), .char("c")])
        }
    }
}
