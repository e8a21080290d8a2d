import Library
import TUI

/// Placeholder until the benchmark lands.
public enum Benchmark {}
