/// A value a service reads from the user's setup (a key, a user agent, a folder): where it comes
/// from, in order (an environment variable when set and not empty, then the config file's key,
/// then a search of its own, then a default), and whether it is a secret no message may show.
/// The facade resolves every entry's settings once per command into `SourceContext.settings`,
/// where the service reads them by `id`.
package struct ServiceSetting: Sendable {
    package var id: String
    package var environment: String?
    package var configKey: String?
    package var isSecret: Bool
    /// Where its config key comes in the list of known keys (the order it always had).
    package var configOrder: Int
    /// Looked up when neither the environment nor the config file sets it (the samples folder
    /// beside the executable).
    package var locate: (@Sendable ([String: String]) -> String?)?
    package var defaultValue: String?

    package init(
        id: String, environment: String? = nil, configKey: String? = nil, isSecret: Bool = false,
        configOrder: Int = 0, locate: (@Sendable ([String: String]) -> String?)? = nil, defaultValue: String? = nil
    ) {
        self.id = id
        self.environment = environment
        self.configKey = configKey
        self.isSecret = isSecret
        self.configOrder = configOrder
        self.locate = locate
        self.defaultValue = defaultValue
    }

    /// Its value under `environment` and a config file read as `config`.
    package func resolve(environment env: [String: String], config: (String) -> String?) -> String? {
        if let name = environment, let value = env[name], !value.isEmpty { return value }
        if let key = configKey, let value = config(key) { return value }
        return locate?(env) ?? defaultValue
    }
}

extension ServiceCatalog {
    /// Every entry's settings.
    package var settings: [ServiceSetting] { entries.flatMap(\.settings) }

    /// Every setting resolved, by id (those with no value left out).
    package func resolveSettings(environment: [String: String], config: (String) -> String?) -> [String: String] {
        var out: [String: String] = [:]
        for s in settings { out[s.id] = s.resolve(environment: environment, config: config) }
        return out
    }

    /// The config keys the services read, in their order.
    package var configKeys: [String] {
        settings.filter { $0.configKey != nil }.sorted { $0.configOrder < $1.configOrder }.compactMap(\.configKey)
    }
}
