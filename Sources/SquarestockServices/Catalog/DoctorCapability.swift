/// What `doctor` checks of a service: whether it is asked for one symbol (live services in
/// catalog order, offline ones last and never counted as working), and a line on its local
/// setup (a session, a key, a folder).
package struct DoctorCapability: Sendable {
    package enum Probe: Sendable { case live, offline }

    package var probe: Probe?
    /// "stooq API key: configured".
    package var setup: (@Sendable (SourceContext) -> String)?
    /// Where the setup line goes among the others (lowest first): the order doctor has always
    /// printed them in, which is not the catalog's.
    package var setupOrder: Int

    package init(probe: Probe? = .live, setup: (@Sendable (SourceContext) -> String)? = nil, setupOrder: Int = 0) {
        self.probe = probe
        self.setup = setup
        self.setupOrder = setupOrder
    }
}
