import SquarestockCore
import SquarestockNetworking

/// Alpha Vantage: quotes and history with a free key.
package enum AlphaVantageService {
    package static let name = "alphavantage"
    package static let displayName = "Alpha Vantage"
    package static let apiKey = "alphavantage.api-key"

    package static let entry = ServiceEntry(
        name: name, aliases: ["alpha-vantage"], displayName: displayName,
        quotes: { _, _ in AlphaVantageSource() },
        search: SearchCapability(
            needsKey: true,
            request: { text, _, context in
                context.setting(apiKey).map { key in
                    HTTPRequest(
                        url: context.url(
                            "https://www.alphavantage.co/query?function=SYMBOL_SEARCH&keywords="
                                + Endpoint.encode(text) + "&datatype=csv&apikey=" + Endpoint.encode(key)))
                }
            },
            matches: { response, context in
                AlphaVantageDecoder.search(response, apiKey: context.setting(apiKey), registry: context.registry)
            }),
        doctor: DoctorCapability(
            setup: { context in
                "alphavantage API key: "
                    + (context.setting(apiKey) == nil
                        ? "not configured (ALPHAVANTAGE_API_KEY or alphavantage_api_key)" : "configured")
            }, setupOrder: 30),
        settings: [
            ServiceSetting(
                id: apiKey, environment: "ALPHAVANTAGE_API_KEY", configKey: "alphavantage_api_key", isSecret: true,
                configOrder: 2)
        ])
}
