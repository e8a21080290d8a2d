import Foundation
import FuzzHarness

// photory-fuzz TARGET [libFuzzer options] [corpus folders or files]
//
// Built only by `make fuzz` (PHOTORY_FUZZ=1 swift build -Xswiftc -sanitize=fuzzer,address …):
// it links libFuzzer, whose LLVMFuzzerRunDriver runs the fuzzing loop. Given files instead of
// folders it replays them once, which is how a crash is reproduced.

/// The target chosen by the first argument.
nonisolated(unsafe) var target = FuzzTarget.jpeg

/// libFuzzer's entry point, called once per input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
guard CommandLine.arguments.count >= 2, let chosen = FuzzTarget(rawValue: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: photory-fuzz TARGET [libFuzzer options] [corpus…]\ntargets: \(names)\n".utf8))
    exit(2)
}
target = chosen
// libFuzzer sees the program name followed by its own arguments.
var arguments = CommandLine.unsafeArgv
arguments[1] = arguments[0]
var argc = CommandLine.argc - 1
var argv = arguments + 1
exit(runDriver(&argc, &argv, testOneInput))
