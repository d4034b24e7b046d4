import SquarestockCore
import SquarestockNetworking

/// Stooq: quotes and history of world markets (a key since 2026).
package enum StooqService {
    package static let name = "stooq"
    package static let displayName = "Stooq"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in StooqSource() },
        doctor: DoctorCapability(
            setup: { context in
                "stooq API key: "
                    + (context.stooqAPIKey == nil ? "not configured (STOOQ_API_KEY or stooq_api_key)" : "configured")
            }, setupOrder: 20))
}
