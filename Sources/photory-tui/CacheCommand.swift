import ArgumentParser
import Foundation
import Library

/// `photory-tui cache info|clear`: the thumbnail store.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Show or clear the thumbnail store (thumbnails are remade when needed).",
        subcommands: [Info.self, Clear.self], defaultSubcommand: Info.self)

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "info", abstract: "Where the store is and how big.")
        @OptionGroup var options: LibraryOptions

        func run() throws {
            let store = options.thumbnails
            let usage = store.usage()
            let size = usage.bytes < 1000 ? "\(usage.bytes) bytes"
                : ByteCountFormatter.string(fromByteCount: usage.bytes, countStyle: .file)
            say("\(store.folder)\t\(Counted.text(usage.files, "file"))\t\(size)")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Delete every stored thumbnail.")
        @OptionGroup var options: LibraryOptions

        func run() throws {
            let removed = options.thumbnails.clear()
            say("Removed \(removed) files from \(options.thumbnails.folder)")
        }
    }
}
