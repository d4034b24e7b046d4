import SquarestockCore
import SquarestockNetworking

/// Recorded real responses, served offline.
package enum SamplesService {
    package static let name = "samples"
    package static let displayName = "Samples"
    /// The folder holding `manifest.tsv`: `SQUARESTOCK_SAMPLES`, else found beside the program.
    package static let directory = "samples.directory"

    package static let entry = ServiceEntry(
        name: name, aliases: ["sample"], displayName: displayName,
        quotes: { _, _ in SamplesSource() }, isOffline: true,
        doctor: DoctorCapability(
            probe: .offline,
            setup: { context in "samples: " + (context.setting(directory) ?? "not found (set SQUARESTOCK_SAMPLES)") },
            setupOrder: 40),
        settings: [ServiceSetting(id: directory, locate: { SamplesLocator.find(environment: $0) })])
}
