/// Stooq: quotes and history of world markets (a key since 2026).
package enum StooqService {
    package static let name = "stooq"
    package static let displayName = "Stooq"
    package static let entry = ServiceEntry(
        name: name, displayName: displayName,
        quotes: { _, _ in StooqSource() })
}
