import Testing

@testable import SquarestockCore

/// An exchange keeps its fields behind one shared reference: it must still compare, hash and
/// change as the plain value it was.
struct ExchangeTests {
    static func make(name: String = "Xetra") -> Exchange {
        Exchange(
            id: "XETR", name: name, timeZone: "Europe/Berlin",
            hours: [
                DatedTradingHours(
                    from: CivilDate(year: 1900, month: 1, day: 1), hours: TradingHours(open: "09:00", close: "17:30"))
            ], currency: Currency(code: "EUR"), sourceCodes: ["GER"], yahooSuffix: "DE", stooqSuffix: "de")
    }

    @Test func equalFieldsAreEqualWhateverTheStorage() {
        let a = Self.make()
        let b = Self.make()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(a != Self.make(name: "XETRA"))
    }

    @Test func settingAFieldChangesOnlyThatCopy() {
        let original = Self.make()
        var changed = original
        changed.tradesWeekends = true
        changed.sourceCodes.append("ETR")
        #expect(changed.tradesWeekends && changed.sourceCodes == ["GER", "ETR"])
        #expect(!original.tradesWeekends && original.sourceCodes == ["GER"])
        #expect(changed != original)
        changed.tradesWeekends = false
        changed.sourceCodes = ["GER"]
        #expect(changed == original)
    }

    @Test func aPrintedExchangeShowsItsFields() {
        let text = String(describing: Self.make())
        #expect(text.hasPrefix("Exchange(id: \"XETR\", name: \"Xetra\", timeZone: \"Europe/Berlin\""))
        #expect(text.hasSuffix("yahooSuffix: Optional(\"DE\"), stooqSuffix: Optional(\"de\"), tradesWeekends: false)"))
    }
}
