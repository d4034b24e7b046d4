/// Yahoo's legacy quotes.csv layout, for mirrors that still serve it.
package enum YahooCSVService {
    package static let name = "yahoo-csv"
    package static let displayName = "Yahoo CSV"
    package static let entry = ServiceEntry(
        name: name, aliases: ["yahoocsv"], displayName: displayName,
        quotes: { _, _ in YahooCSVSource() }, doctor: DoctorCapability())
}
