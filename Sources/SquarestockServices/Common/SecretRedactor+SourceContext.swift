import Foundation
import SquarestockCore

extension SecretRedactor {
    /// The endpoint's password a source context carries (the services' secret settings are
    /// registered by whoever resolved them, who knows which are secret).
    package func register(context: SourceContext) {
        if let password = context.endpoint.flatMap(Endpoint.password) {
            register(password)
            register(password.removingPercentEncoding)
        }
    }
}
