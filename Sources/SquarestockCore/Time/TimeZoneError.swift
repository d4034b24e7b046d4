/// Why a zone could not be used, phrased so a user can fix the configuration that named it.
///
/// ICU silently treats an unknown ID as GMT; surfacing that as an error keeps a typo in a market
/// definition from shifting every quote time by several hours without anyone noticing.
public enum TimeZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownZone(String)

    public var description: String {
        switch self {
        case .unknownZone(let id):
            return "Unknown time zone \"\(id)\": use an IANA zone ID such as \"America/New_York\" or \"Europe/Warsaw\"."
        }
    }
}
