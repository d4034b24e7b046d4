import SquarestockCore
import SquarestockServices

extension SquarestockApp {
    /// `squarestock doctor`: the local setup, then every source asked for one symbol.
    public func doctor() -> DoctorReport {
        let context = settings.sourceContext
        let env = settings.environment
        var setup: [String] = []
        setup.append(Doctor.describePath("config file", settings.configPath))
        let cacheFolder = PrivateFileStore.cacheDirectory(environment: env)
        setup.append(
            Doctor.describePath("cache folder", cacheFolder)
                + (cacheFolder.flatMap(PrivateFileStore.folderProblem).map { " not used: \($0)" } ?? ""))
        let catalog = settings.catalog
        let checked = catalog.entries.filter { $0.doctor != nil }
        setup += checked.filter { $0.doctor?.setup != nil }.sorted { $0.doctor!.setupOrder < $1.doctor!.setupOrder }
            .compactMap { $0.doctor?.setup?(context) }
        setup.append("endpoint: " + (context.endpoint.map(Endpoint.redact) ?? "the services' own hosts"))

        // An exchange with no live host (one that has closed) is checked only against an --endpoint.
        func probe(_ kind: DoctorCapability.Probe) -> [QuoteSource] {
            checked.filter { $0.doctor?.probe == kind }.compactMap { entry in
                if entry.exchange != nil {
                    guard let adapter = catalog.adapter(named: entry.name),
                        adapter.baseURL != nil || context.endpoint != nil
                    else { return nil }
                }
                return catalog.quoteSource(named: entry.name, context: context)
            }
        }
        let offline = Set(checked.filter { $0.doctor?.probe == .offline }.map(\.name))
        let reports = Doctor(sources: probe(.live) + probe(.offline)).check(context: context, transport: transport)
        let working = reports.filter { $0.ok && !offline.contains($0.name) }.map(\.name)
        return DoctorReport(setup: setup, sources: reports, working: working)
    }
}
