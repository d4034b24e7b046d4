/// The symbols of an answer's regular lines, by their bytes: each one's text (as
/// `YahooCSVDecoder.symbolText` makes it) and the venue it implies, once per symbol instead of
/// once per line. An answer repeats its symbols, and making the text, checking it for a bare
/// ticker and hashing it to find its venue cost as much as reading the line's prices.
///
/// A slot holds a symbol of 1 to 16 bytes (the field's content, quotes excluded), compared in
/// full, so a slot answers only for exactly those bytes; two symbols that share a slot take it in
/// turn (the later one is made again), and a longer or an empty symbol has no slot at all. What
/// a slot holds is what the symbol's bytes give, so it never changes a line's reading.
struct YahooSymbolTable {
    private static let slotCount = 256
    private var low = [UInt64](repeating: 0, count: slotCount)
    private var high = [UInt64](repeating: 0, count: slotCount)
    /// 0: an empty slot.
    private var count = [Int](repeating: 0, count: slotCount)
    private var text = [String](repeating: "", count: slotCount)
    /// The venue the symbol implies (`YahooCSVStockReader`'s index); -1 until it is looked up.
    private var venue = [Int](repeating: -1, count: slotCount)

    /// The slot of the symbol at `start..<end` of `body`, made when it is not there; nil for a
    /// symbol without one.
    @inline(__always)
    mutating func slot(_ body: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        let n = end &- start
        guard n > 0 && n <= 16 else { return nil }
        let p = body.baseAddress! + start
        let (a, b) = YahooFieldWords.words(p, count: n, wordReadable: start &+ 16 <= body.count)
        let mixed = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(n)
        let s = Int(truncatingIfNeeded: mixed &>> 56)
        if count[s] == n && low[s] == a && high[s] == b { return s }
        low[s] = a
        high[s] = b
        count[s] = n
        text[s] = YahooCSVDecoder.symbolText(UnsafeRawBufferPointer(start: p, count: n))
        venue[s] = -1
        return s
    }

    /// The symbol's text.
    @inline(__always)
    func symbol(_ slot: Int) -> String { text[slot] }

    /// The venue the symbol implies, when looked up already.
    @inline(__always)
    func venue(_ slot: Int) -> Int? {
        let v = venue[slot]
        return v >= 0 ? v : nil
    }

    @inline(__always)
    mutating func setVenue(_ v: Int, of slot: Int) { venue[slot] = v }
}
