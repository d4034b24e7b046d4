extension Exchange: CustomReflectable {
    /// The fields, as the value showed them before they moved behind its storage, so a printed or
    /// dumped venue (a test's description of a stock, a debugger) still shows what it says.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "name": name, "timeZone": timeZone, "hours": hours, "currency": currency,
                "sourceCodes": sourceCodes,
                "yahooSuffix": yahooSuffix as Any,  // service-names: notation
                "stooqSuffix": stooqSuffix as Any,  // service-names: notation
                "tradesWeekends": tradesWeekends,
            ], displayStyle: .struct)
    }
}
