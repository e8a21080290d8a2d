import ArgumentParser
import Library

@main
struct PhotoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "photory-tui")
    func run() throws { print("photory-tui") }
}
