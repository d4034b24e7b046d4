extension Stock: CustomReflectable {
    /// The fields in their old order, as the value showed them before most moved behind its
    /// shared details, so a printed or dumped stock (a test's description, a debugger) still
    /// shows all it says.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "company": company, "currency": currency as Any, "timeZone": timeZone as Any, "price": price,
                "intraday": intraday, "session": session as Any, "source": source, "notes": notes,
                "intradayUnavailable": intradayUnavailable as Any, "reportedStatus": reportedStatus as Any,
                "extendedHours": extendedHours as Any, "recordedAt": recordedAt as Any,
                "priceDecimals": priceDecimals as Any,
            ], displayStyle: .struct)
    }
}
