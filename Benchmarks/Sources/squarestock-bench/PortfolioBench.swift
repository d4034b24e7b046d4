import SquarestockCore
import SquarestockPortfolio

#if canImport(Glibc)
    import Glibc
#endif

/// `portfolio gen --out DIR`: a ledger (`DIR/portfolio.sqlite`) of 100,000 journal entries over
/// 500 symbols from 2020 to 2025 (buys, sales that never exceed the holding, dividends with tax
/// withheld, splits, deposits), written through `PortfolioStore` as the product writes them, and
/// the same journal exported for hledger (`DIR/portfolio.journal`, `LedgerJournalWriter`).
/// `portfolio --ledger FILE [--year Y] [--runs N]`: what `squarestock portfolio` and `portfolio
/// realized --year Y` compute (open the store, read the journal, replay it under FIFO: holdings,
/// cash, the year's realized gains); best of N, with the totals so hledger's can be compared.
enum PortfolioBench {
    static func run(_ o: Options) {
        if o.positional.first == "gen" { return generate(o) }
        guard let path = o.values["ledger"] else { fail("portfolio: give gen --out DIR or --ledger FILE") }
        let year = Int(o.values["year"] ?? "2025") ?? 2025
        let runs = Int(o.values["runs"] ?? "5") ?? 5
        var best = Double.infinity
        var summary = ""
        for _ in 0..<runs {
            let start = now()
            do {
                let ledger = try PortfolioLedger(store: PortfolioStore(path: path), name: "main", create: false)
                let book = try ledger.book()
                let sales = book.disposals.filter { $0.date.year == year }
                let realized = sales.reduce(Int64(0)) { $0 + $1.gain }
                let open = book.lots.values.filter { !$0.isEmpty }.count
                let shares = book.lots.values.flatMap { $0 }.reduce(ExactDecimal(0)) { ($0 + $1.quantity) ?? $0 }
                best = min(best, now() - start)
                summary =
                    "entries=\(try ledger.entries().count) holdings=\(open) shares=\(shares) cash_usd=\(MinorUnits.text(book.cash["USD"] ?? 0, exponent: 2)) "
                    + "realized_\(year)=\(MinorUnits.text(realized, exponent: 2)) sales_\(year)=\(sales.count)"
            } catch {
                fail("portfolio: \(error)")
            }
        }
        print("seconds=\(fmt(best, 4)) \(summary) what=holdings+realized")
    }

    static func generate(_ o: Options) {
        guard let dir = o.values["out"] else { fail("portfolio gen: give --out DIR") }
        let count = Int(o.values["rows"] ?? "100000") ?? 100_000
        let path = dir + "/portfolio.sqlite"
        unlink(path)
        unlink(path + "-wal")
        unlink(path + "-shm")
        var rng = SplitMix64(seed: 20)
        var held = [Int64](repeating: 0, count: 500)
        var entries: [JournalEntry] = []
        let today = CivilDate(year: 2026, month: 1, day: 1)
        let first = CivilDate(year: 2020, month: 1, day: 2).daysSinceEpoch
        entries.append(
            JournalEntry(
                kind: .deposit, date: CivilDate(year: 2020, month: 1, day: 1), currency: "USD", amount: 100_000_000))
        for i in 1..<count {
            let date = CivilDate(daysSinceEpoch: first + Int64(i) * 2190 / Int64(count))
            let s = Int(rng.next() % 500)
            let symbol = "S\(s)"
            let price = ExactDecimal(significand: Int64(1000 + rng.next() % 50_000), scale: 2)
            let roll = rng.next() % 100
            do {
                if roll < 55 || held[s] == 0 {
                    let q = Int64(1 + rng.next() % 100)
                    held[s] += q
                    entries.append(
                        try EntryFactory.trade(
                            .buy, symbol: symbol, quantity: ExactDecimal(significand: q, scale: 0), price: price,
                            fee: "1.00", currency: "USD", date: date, today: today))
                } else if roll < 90 {
                    let q = Int64(1 + rng.next() % UInt64(held[s]))
                    held[s] -= q
                    entries.append(
                        try EntryFactory.trade(
                            .sell, symbol: symbol, quantity: ExactDecimal(significand: q, scale: 0), price: price,
                            fee: "1.00", currency: "USD", date: date, today: today))
                } else if roll < 99 {
                    entries.append(
                        try EntryFactory.dividend(
                            symbol: symbol, amount: "\(1 + rng.next() % 90).40", withheld: "0.36", currency: "USD",
                            date: date, today: today))
                } else {
                    held[s] *= 2
                    entries.append(try EntryFactory.split(symbol: symbol, ratio: "2:1", date: date, today: today))
                }
            } catch {
                fail("portfolio gen: \(error)")
            }
        }
        do {
            let ledger = try PortfolioLedger(store: PortfolioStore(path: path), name: "main", create: true)
            let written = try ledger.record(entries)
            let journal = try LedgerJournalWriter.write(written, method: .fifo)
            ExchangeBench.write(dir + "/portfolio.journal", journal)
            print("wrote \(path) (\(written.count) entries) and \(dir)/portfolio.journal")
        } catch {
            fail("portfolio gen: \(error)")
        }
    }
}
