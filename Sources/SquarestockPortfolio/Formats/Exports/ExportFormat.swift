import SquarestockCore

/// The exports `portfolio import --from` reads, each told apart by its header. Reading one is
/// `ExportFormat.reader`'s job: the file's rows in, one `ExportRecord` per row (or per group
/// of rows that make one event) out.
public enum ExportFormat: String, CaseIterable, Sendable {
    case schwab
    case ibkrFlex = "ibkr-flex"
    case ibkrFlexXML = "ibkr-flex-xml"
    case ibkrActivity = "ibkr-activity"
    case trading212
    case degiro
    case degiroTransactions = "degiro-transactions"
    case revolut
    case revolutCrypto = "revolut-crypto"
    case etoro
    case coinbase
    case coinbasePro = "coinbase-pro"
    case krakenLedgers = "kraken-ledgers"
    case krakenTrades = "kraken-trades"
    case binance
    case bitstamp

    /// The name users know it by.
    public var title: String {
        switch self {
        case .schwab: return "Charles Schwab transactions CSV"
        case .ibkrFlex: return "Interactive Brokers Flex Query CSV (trades, cash transactions)"
        case .ibkrFlexXML: return "Interactive Brokers Flex Query XML (trades, cash transactions)"
        case .ibkrActivity: return "Interactive Brokers Activity Statement CSV"
        case .trading212: return "Trading 212 history CSV"
        case .degiro: return "DEGIRO account statement (Account.csv)"
        case .degiroTransactions: return "DEGIRO transactions (Transactions.csv)"
        case .revolut: return "Revolut stock statement CSV"
        case .revolutCrypto: return "Revolut crypto statement CSV"
        case .etoro: return "eToro account statement, Account Activity sheet as CSV"
        case .coinbase: return "Coinbase transaction history CSV"
        case .coinbasePro: return "Coinbase Pro (Exchange) account statement CSV"
        case .krakenLedgers: return "Kraken ledgers CSV"
        case .krakenTrades: return "Kraken trades CSV"
        case .binance: return "Binance account statement CSV"
        case .bitstamp: return "Bitstamp transactions CSV"
        }
    }

    /// Whether a header row is this format's: the columns it cannot do without, by name.
    func isHeader(_ cells: [String]) -> Bool {
        let names = Set(cells.map { $0.lowercased() })
        switch self {
        case .schwab:
            return ["date", "action", "symbol", "quantity", "price", "fees & comm", "amount"].allSatisfy(names.contains)
        case .ibkrFlex:
            return names.contains("currencyprimary")
                && (["buy/sell", "tradedate", "quantity", "tradeprice"].allSatisfy(names.contains)
                    || ["type", "amount"].allSatisfy(names.contains))
        case .ibkrActivity:
            return IBKRActivityExport.isHeader(cells)
        case .ibkrFlexXML:
            return false  // XML, told apart by its first element (`IBKRFlexXML.isFlex`)
        case .trading212:
            return ["action", "time", "ticker", "no. of shares", "price / share", "total"].allSatisfy(names.contains)
        case .degiro:
            // The languages' names for the first and the description columns; the layout is one.
            let lower = cells.map { $0.lowercased() }
            return lower.count >= 12 && ["datum", "date", "fecha", "data"].contains(lower[0]) && lower[4] == "isin"
                || lower.count >= 12 && lower[4] == "code isin"
        case .degiroTransactions:
            return DEGIROTransactionsExport.isHeader(cells)
        case .krakenLedgers:
            return ["txid", "refid", "time", "type", "asset", "amount", "fee"].allSatisfy(names.contains)
        case .coinbasePro:
            return CoinbaseProExport.isHeader(names)
        case .bitstamp:
            return BitstampExport.isHeader(names)
        case .binance:
            return ["utc_time", "operation", "coin", "change"].allSatisfy(names.contains)
        case .krakenTrades:
            return ["txid", "pair", "time", "type", "price", "cost", "fee", "vol"].allSatisfy(names.contains)
        case .coinbase:
            return ["id", "timestamp", "transaction type", "asset", "quantity transacted", "price currency"].allSatisfy(
                names.contains)
        case .etoro:
            return EToroExport.isHeader(names)
        case .revolutCrypto:
            return ["symbol", "type", "quantity", "price", "value", "fees", "date"].allSatisfy(names.contains)
        case .revolut:
            return ["date", "ticker", "type", "quantity", "price per share", "total amount", "currency"].allSatisfy(
                names.contains)
        }
    }

    /// The format a header row belongs to, when exactly one claims it.
    static func detect(_ cells: [String]) -> ExportFormat? {
        let claims = allCases.filter { $0.isHeader(cells) }
        return claims.count == 1 ? claims[0] : nil
    }

    func records(_ table: ExportTable, context: ExportContext) -> [ExportRecord] {
        let today = context.today
        switch self {
        case .schwab: return SchwabExport.records(table, today: today)
        case .ibkrFlex, .ibkrFlexXML: return IBKRFlexExport.records(table, today: today, held: context.heldSymbols)
        case .ibkrActivity: return IBKRActivityExport.records(table, today: today)
        case .trading212: return Trading212Export.records(table, today: today)
        case .degiro: return DEGIROExport.records(table, today: today)
        case .degiroTransactions: return DEGIROTransactionsExport.records(table, today: today)
        case .revolut: return RevolutExport.records(table, today: today)
        case .etoro: return EToroExport.records(table, today: today)
        case .revolutCrypto: return RevolutCryptoExport.records(table, context: context)
        case .coinbase: return CoinbaseExport.records(table, today: today)
        case .krakenLedgers: return KrakenLedgersExport.records(table, context: context)
        case .krakenTrades: return KrakenTradesExport.records(table, context: context)
        case .binance: return BinanceExport.records(table, context: context)
        case .bitstamp: return BitstampExport.records(table, context: context)
        case .coinbasePro: return CoinbaseProExport.records(table, context: context)
        }
    }
}
