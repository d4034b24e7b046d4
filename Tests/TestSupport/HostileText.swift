/// Text a hostile server might send: escape sequences that set the clipboard (OSC 52), the
/// window title, clear the screen, and a right-to-left override. The tests of every reader that
/// turns outside bytes into text feed it in and expect inert text out.
public enum HostileText {
    public static let attack = "\u{1B}]52;c;aGFja2Vk\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}"

    /// No control character, no C1, no override, none of the attack's payload left.
    public static func isInert(_ s: String) -> Bool {
        !s.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
            && !s.contains("pwned") && !s.contains("aGFja2Vk")
    }
}
