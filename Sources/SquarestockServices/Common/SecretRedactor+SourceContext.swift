import Foundation
import SquarestockCore

extension SecretRedactor {
    /// Every secret a source context carries: both API keys and the endpoint's password.
    package func register(context: SourceContext) {
        register(context.stooqAPIKey)
        register(context.alphaVantageAPIKey)
        if let password = context.endpoint.flatMap(Endpoint.password) {
            register(password)
            register(password.removingPercentEncoding)
        }
    }
}
