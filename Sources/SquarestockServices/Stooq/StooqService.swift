import SquarestockCore
import SquarestockNetworking

/// Stooq: quotes and history of world markets (a key since 2026).
package enum StooqService {
    package static let name = "stooq"
    package static let displayName = "Stooq"
    /// The key Stooq asks for since 2026 (its CSV answers bots with a browser check without one).
    package static let apiKey = "stooq.api-key"

    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in StooqSource() },
        doctor: DoctorCapability(
            setup: { context in
                "stooq API key: "
                    + (context.setting(apiKey) == nil
                        ? "not configured (STOOQ_API_KEY or stooq_api_key)" : "configured")
            }, setupOrder: 20),
        settings: [
            ServiceSetting(
                id: apiKey, environment: "STOOQ_API_KEY", configKey: "stooq_api_key", isSecret: true, configOrder: 1)
        ])
}
