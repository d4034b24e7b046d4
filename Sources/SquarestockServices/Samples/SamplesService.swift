import SquarestockCore
import SquarestockNetworking

/// Recorded real responses, served offline.
package enum SamplesService {
    package static let name = "samples"
    package static let displayName = "Samples"
    package static let entry = ServiceEntry(
        name: name, aliases: ["sample"], displayName: displayName,
        quotes: { _, _ in SamplesSource() }, isOffline: true,
        doctor: DoctorCapability(
            probe: .offline,
            setup: { context in "samples: " + (context.samplesDirectory ?? "not found (set SQUARESTOCK_SAMPLES)") },
            setupOrder: 40))
}
