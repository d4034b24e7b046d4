import Testing

@testable import SquarestockCore

/// A currency a service names is taken only when it reads as a code: a hostile or garbled field
/// was shown as the currency of every figure.
struct CurrencySentTests {
    @Test func codesAreTakenAndAnythingElseIsNot() {
        #expect(Currency.sent("USD")?.code == "USD")
        #expect(Currency.sent("GBp")?.majorCode == "GBP")
        #expect(Currency.sent("USDT")?.code == "USDT")
        for bad in ["", "U", "US%{A1:TOUCH /TMP/X}#(ID)D", "U\u{1B}[31mSD", "EUR ", "1INCHES7", "ÜSD", "12"] {
            #expect(Currency.sent(bad) == nil, "\(bad)")
        }
    }
}
