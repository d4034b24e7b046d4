/// What ends a `LiveTerminal.wait`: a wake-up posted by a worker or a signal, keys typed, or
/// the keyboard gone (the terminal hung up).
package enum LiveEvent: Equatable, Sendable {
    case wake(LiveWake)
    case keys([UInt8])
    case inputClosed
}

/// A wake-up: a refresh finished, the stream brought something, the window changed size, or
/// the process continued after Ctrl-Z.
package enum LiveWake: UInt8, Sendable {
    case fetched = 70  // F
    case resized = 87  // W
    case continued = 67  // C
    case streamed = 83  // S
}
