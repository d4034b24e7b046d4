/// What `squarestock symbols info` prints: the copy in use, and the problems with the others.
public struct SymbolsInfoReport: Sendable {
    /// The copy searches use, its date and size; nil when no copy can be used.
    public var text: String?
    /// A damaged downloaded copy, an unusable shipped one, or no copy at all.
    public var problems: [String]

    /// 1 with any problem or no usable copy.
    public var status: Int32 { text == nil || !problems.isEmpty ? 1 : 0 }
}
