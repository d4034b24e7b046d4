extension YahooStreamFeed {
    /// What Yahoo's feed keeps between the messages of one connection: nothing the server said,
    /// only what saves work on the next message.
    package struct State: Sendable {
        /// The decoded base64 of a message, one buffer reused so a message allocates none.
        var scratch: [UInt8] = []
        /// The symbol strings, made once each.
        var names = YahooSymbolNames()
        package init() {}
    }
}
