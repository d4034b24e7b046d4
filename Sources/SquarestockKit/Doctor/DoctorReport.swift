/// What `squarestock doctor` found: the local setup, one report per source, and which live
/// sources work. The terminal line is the executable's (it knows the terminal).
public struct DoctorReport: Sendable {
    /// `label: value` lines about config, cache, session, keys, samples and endpoint.
    public var setup: [String]
    public var sources: [Doctor.SourceReport]
    /// Live sources (not `samples`) that answered.
    public var working: [String]
}
