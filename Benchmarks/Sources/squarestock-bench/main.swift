#if canImport(Glibc)
    import Glibc
#endif

/// squarestock-bench: the benchmark suite's measuring tool (Benchmarks/compare.sh drives it).
/// Timing figures never go into unit tests: they are printed here and recorded in BENCHMARKS.md.
let usage = """
    usage: squarestock-bench COMMAND [options]
      gen --out DIR [--rows N] [--yahoo-lines N] [--seed S]   write the data sets
      csv --typed FILE [--zone Z]          Stooq intraday CSV into bars (StooqHistoryDecoder; Z the exchange)
      csv --parse-only FILE                the same file split into fields only
      csv --slow FILE [--zone Z]           the same with the general row path only (irregular rows)
      csv --peer swiftcsv|csvswift FILE    a Swift CSV library, fields only
      scan FILE                            read + memchr for newlines (the floor)
      yahoo --typed FILE [--kept-rows]     legacy quotes.csv lines into stocks (YahooCSVStockReader.readStocks;
                                           --kept-rows: YahooCSVDecoder.rows, then the reader over them)
      dates [--count N] [--zone Z]         wall clock to UTC in bulk, checked on every value
      dates --text | --foundation          from text: ours, Foundation's DateFormatter
      render [--samples DIR]               table and JSON rendering of the samples
      fanout --url URL [--count 50]        CurlTransport: one request vs a batch
      refresh --url URL --source S [--count N] [--unknown U]   requests of a watch's first and next refresh
      market [--count N]                   status of every exchange (calendars), per call
      search [--data DIR]                  symbol index load (text, snapshot) and query times
      watch [--count N]                    one watch refresh of 100 symbols: CPU and memory
      quotes [--rows N] [--count N]        Stooq and legacy Yahoo quote batches decoded into stocks
      exchange gen --out DIR               Kraken Trades (1,000 rows) and Depth (500 levels) bodies
      exchange --trades F | --depth F [--reps N] [--runs N]   Kraken decoders on those bodies
      stream gen --out DIR                 100,000 Coinbase ticker frames and 100,000 Yahoo pricing frames
      stream --coinbase F | --yahoo F [--runs N]   decode every frame and merge it into the latest quotes
      portfolio gen --out DIR [--rows N]   a 100,000-entry ledger over 500 symbols, and its hledger journal
      portfolio --ledger F [--year Y] [--runs N]   holdings and a year's realized gains from that ledger
    Each prints one line of key=value results.
    """

let args = CommandLine.arguments
guard args.count >= 2 else {
    print(usage)
    exit(2)
}
let rest = args[2...]
let valued: Set<String> = [
    "out", "rows", "yahoo-lines", "seed", "zone", "peer", "chunk", "count", "step", "reps",
    "url", "runs", "max-concurrent", "samples", "data", "trades", "depth", "coinbase", "yahoo", "ledger", "year",
    "source", "unknown",
]
let options = Options(rest, valued: valued)
switch args[1] {
case "gen": Generate.run(options)
case "csv": CSVBench.run(options)
case "scan": CSVBench.scan(options)
case "yahoo": CSVBench.yahoo(options)
case "dates": DatesBench.run(options)
case "render": RenderBench.run(options)
case "fanout": FanoutBench.run(options)
case "refresh": RefreshBench.run(options)
case "market": MarketBench.run(options)
case "search": SearchBench.run(options)
case "watch": WatchBench.run(options)
case "quotes": QuoteBench.run(options)
case "exchange": ExchangeBench.run(options)
case "stream": StreamBench.run(options)
case "portfolio": PortfolioBench.run(options)
case "-h", "--help", "help": print(usage)
default:
    printError("squarestock-bench: unknown command \(args[1])\n\(usage)")
    exit(2)
}
