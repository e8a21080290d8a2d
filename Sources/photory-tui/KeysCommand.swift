import ArgumentParser
import Foundation
import TUI

/// `photory-tui keys [--json]`: every key context of the browser (screens and layers) with its
/// actions and their keys, after the `[keys]` remaps of the user's `config.toml`, in the names
/// the config file takes, so a config can be written from it.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the browser's keys in every context, with the remaps of config.toml ([keys]).")

    @Flag(name: .long, help: "Print JSON: [{\"context\", \"bindings\": [{\"action\", \"keys\", \"help\"}]}].") var json = false

    struct Context: Encodable {
        var context: String
        var bindings: [Binding]
    }

    struct Binding: Encodable {
        var action: String
        /// The keys as `config.toml` names them ("enter", "ctrl-b", "space"); empty when unbound.
        var keys: [String]
        var help: String
    }

    func run() throws {
        let config = Config.load()
        for problem in config.problems { complain(problem) }
        let contexts = KeyContext.allCases.map { context in
            Context(context: context.name, bindings: config.keyMap.bindings.filter { $0.contexts.contains(context) }.map {
                Binding(action: $0.action.rawValue, keys: $0.keys.map(KeyName.configName), help: $0.help)
            })
        }
        if json {
            try printJSON(contexts)
            return
        }
        for (i, context) in contexts.enumerated() {
            if i > 0 { say("") }
            say("[\(context.context)]")
            let actionWidth = context.bindings.map(\.action.count).max() ?? 0
            let keysWidth = context.bindings.map { $0.keys.joined(separator: " ").count }.max() ?? 0
            for binding in context.bindings {
                let keys = binding.keys.isEmpty ? "(none)" : binding.keys.joined(separator: " ")
                say("  " + binding.action.padding(toLength: actionWidth + 2, withPad: " ", startingAt: 0)
                    + keys.padding(toLength: max(keysWidth, 6) + 2, withPad: " ", startingAt: 0) + binding.help)
            }
        }
    }
}
