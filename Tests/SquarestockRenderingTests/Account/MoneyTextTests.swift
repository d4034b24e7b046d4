import SquarestockCore
import Testing

@testable import SquarestockRendering

/// Money shown at its currency's precision; a balance shown as available is rounded toward
/// zero, so it is never more than can be spent.
struct MoneyTextTests {
    static func d(_ s: String) -> ExactDecimal { ExactDecimal(s)! }

    @Test func anAvailableBalanceIsRoundedDown() {
        #expect(MoneyText.roundedDown(Self.d("25435.2199"), currency: "USD") == Self.d("25435.21"))
        #expect(MoneyText.roundedDown(Self.d("25435.2100"), currency: "USD").description == "25435.21")
        #expect(MoneyText.roundedDown(Self.d("0"), currency: "USD").description == "0.00")
        #expect(MoneyText.roundedDown(Self.d("1234.5"), currency: "JPY") == Self.d("1234"))
        #expect(MoneyText.roundedDown(Self.d("-3.019"), currency: "USD") == Self.d("-3.01"))
        #expect(MoneyText.roundedDown(Self.d("0.123456789"), currency: "BTC").description == "0.12345678")
        // The shown text rounds half up, as before.
        #expect(MoneyText.text(Self.d("25435.2199"), currency: "USD") == "25435.22")
    }
}
