import Foundation
import FuzzHarness

// photory-fuzz TARGET [libFuzzer options] [corpus folders or files]
// (-fork=1 -ignore_crashes=1 goes on past a finding: every finding of a run in one go)
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
// libFuzzer's -fork=N starts workers with its own arguments only (no TARGET): they find the
// target in PHOTORY_FUZZ_TARGET, which the first process sets and they inherit.
let named = CommandLine.arguments.count >= 2 ? FuzzTarget(rawValue: CommandLine.arguments[1]) : nil
guard let chosen = named ?? ProcessInfo.processInfo.environment["PHOTORY_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) else {
    FileHandle.standardError.write(Data("usage: photory-fuzz TARGET [libFuzzer options] [corpus…]\ntargets: \(names)\n".utf8))
    exit(2)
}
target = chosen
setenv("PHOTORY_FUZZ_TARGET", chosen.rawValue, 1)
// libFuzzer sees the program name followed by its own arguments.
var arguments = CommandLine.unsafeArgv
var argc = CommandLine.argc
if named != nil {
    arguments[1] = arguments[0]
    arguments += 1
    argc -= 1
}
var argv = arguments
exit(runDriver(&argc, &argv, testOneInput))
