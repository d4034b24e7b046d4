import Foundation
import TestSupport
import Testing

@testable import SquarestockCore
@testable import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// The hledger journal (`LedgerJournalWriter`), text exact for small books worked by hand: cash
/// in each currency's own digits (JPY 0, USD and EUR 2, KWD 3), a purchase at its cost with
/// fees, a sale at the basis its lot method takes and its gain or loss, a split at the holding's
/// cost in the lots' currency, a dividend with tax withheld, the FX rate as a tag, reversed
/// entries left out. A stored symbol the journal cannot write is refused with the rename that
/// repairs it; and, when hledger is installed, hledger reads each book and finds the same totals.
struct LedgerJournalWriterTests: LedgerSpec {

    static func trade(
        _ kind: EntryKind, _ symbol: String, _ q: String, _ p: String, fee: String? = nil, _ currency: String = "USD",
        on date: CivilDate, lot: Int64? = nil, fx: String? = nil
    ) throws -> JournalEntry {
        try EntryFactory.trade(
            kind, symbol: symbol, quantity: d(q), price: d(p), fee: fee, currency: currency, date: date, today: today,
            lot: lot, fxRate: fx.map(d))
    }

    static func cash(_ kind: EntryKind, _ amount: String, _ currency: String = "USD", on date: CivilDate) throws
        -> JournalEntry
    {
        try EntryFactory.cash(kind, amount: amount, currency: currency, date: date, today: today)
    }

    static func dividend(
        _ symbol: String, _ amount: String, withheld: String?, _ currency: String = "USD", on date: CivilDate,
        fx: String? = nil
    ) throws -> JournalEntry {
        var e = try EntryFactory.dividend(
            symbol: symbol, amount: amount, withheld: withheld, currency: currency, date: date, today: today)
        e.fxRate = fx.map(d)
        return e
    }

    static func split(_ symbol: String, _ ratio: String, on date: CivilDate) throws -> JournalEntry {
        try EntryFactory.split(symbol: symbol, ratio: ratio, date: date, today: today)
    }

    /// The books, each with its journal as hledger reads it and `hledger balance` of it.
    enum Book: String, CaseIterable, Sendable {
        case dollars, firstInFirstOut, lastInFirstOut, averageCost, yen, dinars, euroWithRates, brokerCash,
            currencyTicker,
            empty

        var method: LotMethod {
            switch self {
            case .lastInFirstOut: return .lifo
            case .averageCost: return .average
            default: return .fifo
            }
        }

        func entries() throws -> [JournalEntry] {
            let t = LedgerJournalWriterTests.self
            switch self {
            // The README's example: 10 AAPL at 150.25 + 1.00; 4:1; 8 sold at 190 - 1.00, basis
            // 1,503.50 × 8/40 = 300.70, gain 1,519.00 - 300.70 = 1,218.30; 2.40 with 0.36 withheld.
            case .dollars:
                return t.numbered([
                    try t.cash(.deposit, "5000", on: t.day(1, 2)),
                    try t.trade(.buy, "AAPL", "10", "150.25", fee: "1", on: t.day(3, 1)),
                    try t.split("AAPL", "4:1", on: t.day(6, 10)),
                    try t.trade(.sell, "AAPL", "8", "190", fee: "1", on: t.day(7, 1)),
                    try t.dividend("AAPL", "2.40", withheld: "0.36", on: t.day(8, 15)),
                    try t.cash(.withdraw, "100", on: t.day(9, 1)),
                ])
            // 10 at 100 and 10 at 120, then 5 sold at 130 (650.00): FIFO takes 500.00 of cost,
            // LIFO 600.00, the average 2,200.00 × 5/20 = 550.00.
            case .firstInFirstOut, .lastInFirstOut, .averageCost:
                return t.numbered([
                    try t.trade(.buy, "ACME", "10", "100", on: t.day(1, 10)),
                    try t.trade(.buy, "ACME", "10", "120", on: t.day(2, 10)),
                    try t.trade(.sell, "ACME", "5", "130", on: t.day(3, 10)),
                ])
            // 100 at 2,500.5 + 500 = 250,550; 40 sold at 2,400 (96,000) against 100,220 of cost, a
            // loss of 4,220; the 60 left (150,330) split 2:1 (a split is recorded in USD, but
            // the lots are in yen); 6,000 paid with 900 withheld.
            case .yen:
                return t.numbered([
                    try t.trade(.buy, "7203.T", "100", "2500.5", fee: "500", "JPY", on: t.day(4, 1)),
                    try t.trade(.sell, "7203.T", "40", "2400", "JPY", on: t.day(5, 1)),
                    try t.split("7203.T", "2:1", on: t.day(5, 10)),
                    try t.dividend("7203.T", "6000", withheld: "900", "JPY", on: t.day(6, 1)),
                ])
            // 3 × 0.4567 = 1.3701, rounded once to 1.370, + 0.005; one of three sold at 0.500
            // against 1.375 / 3 = 0.458 of cost.
            case .dinars:
                return t.numbered([
                    try t.cash(.deposit, "1000.5", "KWD", on: t.day(2, 1)),
                    try t.trade(.buy, "XYZ.KW", "3", "0.4567", fee: "0.005", "KWD", on: t.day(2, 2)),
                    try t.dividend("XYZ.KW", "0.123", withheld: nil, "KWD", on: t.day(3, 1)),
                    try t.trade(.sell, "XYZ.KW", "1", "0.5", "KWD", on: t.day(4, 1)),
                    try t.cash(.withdraw, "0.001", "KWD", on: t.day(5, 1)),
                ])
            // Rates as tags; the second lot named in the sale (900.00 × 3/5 = 540.00); a purchase
            // undone (#3, reversed by #4) is not in the journal.
            case .euroWithRates:
                return t.numbered([
                    try t.trade(.buy, "SAP.DE", "5", "190.02", fee: "2.50", "EUR", on: t.day(9, 2), fx: "1.0862"),
                    try t.trade(.buy, "SAP.DE", "5", "180", "EUR", on: t.day(9, 3)),
                    try t.trade(.buy, "MSFT", "1", "400", on: t.day(9, 5)),
                    JournalEntry(kind: .reversal, date: t.today, symbol: "MSFT", currency: "USD", reverses: 3),
                    try t.trade(.sell, "SAP.DE", "3", "200", "EUR", on: t.day(10, 1), lot: 2, fx: "1.1015"),
                    try t.dividend("SAP.DE", "10", withheld: "2.64", "EUR", on: t.day(11, 1), fx: "1.09"),
                ])
            // What a broker's export adds: 500.00 EUR changed into 540.25 USD (two legs, each
            // against the conversion account) with a 2.50 EUR fee, 3.20 USD interest with 0.48
            // withheld, and a 1.00 USD fee charged for a holding. Cash: EUR 1,000 - 500 - 2.50 =
            // 497.50; USD 540.25 + 2.72 - 1.00 = 541.97.
            case .brokerCash:
                return t.numbered([
                    try t.cash(.deposit, "1000", "EUR", on: t.day(1, 2)),
                    try EntryFactory.exchange(amount: "-500", currency: "EUR", date: t.day(1, 3), today: t.today),
                    try EntryFactory.exchange(amount: "540.25", currency: "USD", date: t.day(1, 3), today: t.today),
                    try EntryFactory.fee(amount: "2.5", currency: "EUR", date: t.day(1, 3), today: t.today),
                    try EntryFactory.interest(
                        amount: "3.20", withheld: "0.48", currency: "USD", date: t.day(2, 1), today: t.today),
                    try EntryFactory.fee(
                        amount: "1", currency: "USD", symbol: "AAPL", date: t.day(2, 2), today: t.today),
                ])
            // ProShares' USD, an ETF whose ticker is a currency code: 10 at 50.00 beside the
            // dollars they were bought with, never added to them.
            case .currencyTicker:
                return t.numbered([
                    try t.cash(.deposit, "1000", on: t.day(1, 2)),
                    try t.trade(.buy, "USD", "10", "50", on: t.day(1, 3)),
                ])
            case .empty: return []
            }
        }

        var journal: String {
            switch self {
            case .dollars:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-01-02 * deposit
                        assets:cash:USD    5000.00 USD
                        equity:contributions    -5000.00 USD

                    2024-03-01 * buy AAPL
                        assets:stocks:AAPL    10 "AAPL" @@ 1503.50 USD
                        assets:cash:USD    -1503.50 USD

                    2024-06-10 * split AAPL
                        assets:stocks:AAPL    -10 "AAPL" @@ 1503.50 USD
                        assets:stocks:AAPL    40 "AAPL" @@ 1503.50 USD

                    2024-07-01 * sell AAPL
                        assets:stocks:AAPL    -8 "AAPL" @@ 300.70 USD
                        assets:cash:USD    1519.00 USD
                        income:realized-gains    -1218.30 USD

                    2024-08-15 * dividend AAPL
                        assets:cash:USD    2.04 USD
                        expenses:taxes:withholding    0.36 USD
                        income:dividends    -2.40 USD

                    2024-09-01 * withdraw
                        assets:cash:USD    -100.00 USD
                        equity:contributions    100.00 USD

                    """
            case .firstInFirstOut, .lastInFirstOut, .averageCost:
                let (basis, gain) =
                    self == .firstInFirstOut
                    ? ("500.00", "150.00") : self == .lastInFirstOut ? ("600.00", "50.00") : ("550.00", "100.00")
                return """
                    ; squarestock portfolio, lot method \(method.rawValue)

                    2024-01-10 * buy ACME
                        assets:stocks:ACME    10 "ACME" @@ 1000.00 USD
                        assets:cash:USD    -1000.00 USD

                    2024-02-10 * buy ACME
                        assets:stocks:ACME    10 "ACME" @@ 1200.00 USD
                        assets:cash:USD    -1200.00 USD

                    2024-03-10 * sell ACME
                        assets:stocks:ACME    -5 "ACME" @@ \(basis) USD
                        assets:cash:USD    650.00 USD
                        income:realized-gains    -\(gain) USD

                    """
            case .yen:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-04-01 * buy 7203.T
                        assets:stocks:7203.T    100 "7203.T" @@ 250550 JPY
                        assets:cash:JPY    -250550 JPY

                    2024-05-01 * sell 7203.T
                        assets:stocks:7203.T    -40 "7203.T" @@ 100220 JPY
                        assets:cash:JPY    96000 JPY
                        income:realized-gains    4220 JPY

                    2024-05-10 * split 7203.T
                        assets:stocks:7203.T    -60 "7203.T" @@ 150330 JPY
                        assets:stocks:7203.T    120 "7203.T" @@ 150330 JPY

                    2024-06-01 * dividend 7203.T
                        assets:cash:JPY    5100 JPY
                        expenses:taxes:withholding    900 JPY
                        income:dividends    -6000 JPY

                    """
            case .dinars:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-02-01 * deposit
                        assets:cash:KWD    1000.500 KWD
                        equity:contributions    -1000.500 KWD

                    2024-02-02 * buy XYZ.KW
                        assets:stocks:XYZ.KW    3 "XYZ.KW" @@ 1.375 KWD
                        assets:cash:KWD    -1.375 KWD

                    2024-03-01 * dividend XYZ.KW
                        assets:cash:KWD    0.123 KWD
                        income:dividends    -0.123 KWD

                    2024-04-01 * sell XYZ.KW
                        assets:stocks:XYZ.KW    -1 "XYZ.KW" @@ 0.458 KWD
                        assets:cash:KWD    0.500 KWD
                        income:realized-gains    -0.042 KWD

                    2024-05-01 * withdraw
                        assets:cash:KWD    -0.001 KWD
                        equity:contributions    0.001 KWD

                    """
            case .euroWithRates:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-09-02 * buy SAP.DE  ; fx:1.0862
                        assets:stocks:SAP.DE    5 "SAP.DE" @@ 952.60 EUR
                        assets:cash:EUR    -952.60 EUR

                    2024-09-03 * buy SAP.DE
                        assets:stocks:SAP.DE    5 "SAP.DE" @@ 900.00 EUR
                        assets:cash:EUR    -900.00 EUR

                    2024-10-01 * sell SAP.DE  ; fx:1.1015
                        assets:stocks:SAP.DE    -3 "SAP.DE" @@ 540.00 EUR
                        assets:cash:EUR    600.00 EUR
                        income:realized-gains    -60.00 EUR

                    2024-11-01 * dividend SAP.DE  ; fx:1.09
                        assets:cash:EUR    7.36 EUR
                        expenses:taxes:withholding    2.64 EUR
                        income:dividends    -10.00 EUR

                    """
            case .brokerCash:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-01-02 * deposit
                        assets:cash:EUR    1000.00 EUR
                        equity:contributions    -1000.00 EUR

                    2024-01-03 * exchange
                        assets:cash:EUR    -500.00 EUR
                        equity:conversion    500.00 EUR

                    2024-01-03 * exchange
                        assets:cash:USD    540.25 USD
                        equity:conversion    -540.25 USD

                    2024-01-03 * fee
                        expenses:fees    2.50 EUR
                        assets:cash:EUR    -2.50 EUR

                    2024-02-01 * interest
                        assets:cash:USD    2.72 USD
                        expenses:taxes:withholding    0.48 USD
                        income:interest    -3.20 USD

                    2024-02-02 * fee AAPL
                        expenses:fees    1.00 USD
                        assets:cash:USD    -1.00 USD

                    """
            case .currencyTicker:
                return """
                    ; squarestock portfolio, lot method fifo

                    2024-01-02 * deposit
                        assets:cash:USD    1000.00 USD
                        equity:contributions    -1000.00 USD

                    2024-01-03 * buy USD
                        assets:stocks:USD    10 "USD shares" @@ 500.00 USD
                        assets:cash:USD    -500.00 USD

                    """
            case .empty:
                return "; squarestock portfolio, lot method fifo\n"
            }
        }

        /// `hledger balance -O csv --layout=bare -N`, without its header: account, commodity,
        /// balance, by account.
        var balances: [String] {
            switch self {
            case .dollars:
                return [
                    #""assets:cash:USD","USD","4917.54""#, #""assets:stocks:AAPL","AAPL","32""#,
                    #""equity:contributions","USD","-4900.00""#, #""expenses:taxes:withholding","USD","0.36""#,
                    #""income:dividends","USD","-2.40""#, #""income:realized-gains","USD","-1218.30""#,
                ]
            case .firstInFirstOut, .lastInFirstOut, .averageCost:
                let gain = self == .firstInFirstOut ? "-150.00" : self == .lastInFirstOut ? "-50.00" : "-100.00"
                return [
                    #""assets:cash:USD","USD","-1550.00""#, #""assets:stocks:ACME","ACME","15""#,
                    "\"income:realized-gains\",\"USD\",\"\(gain)\"",
                ]
            case .yen:
                return [
                    #""assets:cash:JPY","JPY","-149450""#, #""assets:stocks:7203.T","7203.T","120""#,
                    #""expenses:taxes:withholding","JPY","900""#, #""income:dividends","JPY","-6000""#,
                    #""income:realized-gains","JPY","4220""#,
                ]
            case .dinars:
                return [
                    #""assets:cash:KWD","KWD","999.747""#, #""assets:stocks:XYZ.KW","XYZ.KW","2""#,
                    #""equity:contributions","KWD","-1000.499""#, #""income:dividends","KWD","-0.123""#,
                    #""income:realized-gains","KWD","-0.042""#,
                ]
            case .euroWithRates:
                return [
                    #""assets:cash:EUR","EUR","-1245.24""#, #""assets:stocks:SAP.DE","SAP.DE","7""#,
                    #""expenses:taxes:withholding","EUR","2.64""#, #""income:dividends","EUR","-10.00""#,
                    #""income:realized-gains","EUR","-60.00""#,
                ]
            case .brokerCash:
                return [
                    #""assets:cash:EUR","EUR","497.50""#, #""assets:cash:USD","USD","541.97""#,
                    #""equity:contributions","EUR","-1000.00""#, #""equity:conversion","EUR","500.00""#,
                    #""equity:conversion","USD","-540.25""#, #""expenses:fees","EUR","2.50""#,
                    #""expenses:fees","USD","1.00""#, #""expenses:taxes:withholding","USD","0.48""#,
                    #""income:interest","USD","-3.20""#,
                ]
            case .currencyTicker:
                return [
                    #""assets:cash:USD","USD","500.00""#, #""assets:stocks:USD","USD shares","10""#,
                    #""equity:contributions","USD","-1000.00""#,
                ]
            case .empty: return []
            }
        }
    }

    @Test(arguments: Book.allCases)
    func theJournalOfASmallBook(book: Book) throws {
        #expect(try LedgerJournalWriter.write(try book.entries(), method: book.method) == book.journal)
    }

    static let hledger = "/usr/bin/hledger"

    /// hledger reads the journal (every transaction must balance, or it refuses the file) and
    /// finds the balances worked out by hand.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: hledger), "hledger is not installed"),
        arguments: Book.allCases)
    func hledgerFindsTheSameTotals(book: Book) throws {
        let path = TemporaryPath.make("ledger-journal", suffix: ".journal")
        defer { unlink(path) }
        try LedgerJournalWriter.write(try book.entries(), method: book.method)
            .write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CLIRunner.run(
            ["-f", path, "balance", "-O", "csv", "--layout=bare", "-N"], executable: Self.hledger)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let lines = run.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first == #""account","commodity","balance""#, "\(run.stdout)")
        #expect(Array(lines.dropFirst()) == book.balances, "\(run.stdout)")
    }

    // MARK: Symbols the journal cannot write

    /// A symbol an older squarestock accepted that would break the journal (a quote or `;` ends
    /// the commodity, two spaces the account, a line end the transaction, even one at its end) is
    /// refused, named as one shell word (controls made visible) in the `rename` that repairs it.
    @Test(arguments: [
        ("Q\"X;Q", "'Q\"X;Q'"),
        ("A  B", "'A  B'"),
        ("A;B", "'A;B'"),
        ("ÄPPL", "'ÄPPL'"),
        ("it's", #"'it'\''s'"#),
        ("", "''"),
        ("\u{1B}[31mRED", "'\u{FFFD}[31mRED'"),
        ("AAPL\n", "'AAPL\u{FFFD}'"),
        ("AAPL\r\n", "'AAPL\u{FFFD}\u{FFFD}'"),
        ("\tAAPL", "'\u{FFFD}AAPL'"),
        (" AAPL", "' AAPL'"),
        (String(repeating: "X", count: 25), "'" + String(repeating: "X", count: 25) + "'"),
    ])
    func aSymbolTheJournalCannotWriteIsRefusedWithTheRepair(symbol: String, word: String) throws {
        let entries = [
            try Self.cash(.deposit, "100", on: Self.day(1, 2)),
            JournalEntry(
                id: 2, kind: .buy, date: Self.day(1, 3), symbol: symbol, quantity: Self.d("1"), price: Self.d("1"),
                currency: "USD", amount: 100),
        ]
        #expect(
            throws: PortfolioError.invalidEntry(
                "the ledger holds the symbol \(word), which the journal cannot write; "
                    + "`squarestock portfolio rename \(word) NEW` moves its entries to a valid symbol")
        ) {
            try LedgerJournalWriter.write(entries, method: .fifo)
        }
    }

    /// After `rename`, the bad symbol is left only in reversed entries, which the journal does not
    /// hold: the export goes through.
    @Test func aBadSymbolOnlyInReversedEntriesDoesNotStopTheJournal() throws {
        let entries = [
            JournalEntry(
                id: 1, kind: .buy, date: Self.day(1, 3), symbol: "Q\"X;Q", quantity: Self.d("1"), price: Self.d("1"),
                currency: "USD", amount: 100),
            JournalEntry(id: 2, kind: .reversal, date: Self.today, symbol: "Q\"X;Q", currency: "USD", reverses: 1),
            JournalEntry(
                id: 3, kind: .buy, date: Self.day(1, 3), symbol: "QXQ", quantity: Self.d("1"), price: Self.d("1"),
                currency: "USD", amount: 100),
        ]
        #expect(
            try LedgerJournalWriter.write(entries, method: .fifo) == """
                ; squarestock portfolio, lot method fifo

                2024-01-03 * buy QXQ
                    assets:stocks:QXQ    1 "QXQ" @@ 1.00 USD
                    assets:cash:USD    -1.00 USD

                """)
    }
}
