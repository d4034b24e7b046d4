import SquarestockSearch

#if canImport(Glibc)
    import Glibc
#endif

// searchbench: measurements for the offline search engine.
//   searchbench bench [DATA_DIR] [QUERIES_TSV]   load time, p50/p99 per query (real + 100k synthetic)
//   searchbench rank [DATA_DIR] QUERIES_TSV      per query: rank of the expected symbol (1-based, "-" if not
//                                                in the top 50) and median wall µs of search(limit: 10)
//   searchbench export [DATA_DIR]                "SYMBOL<TAB>NAME" lines, the universe the peers search
//   searchbench search QUERY [DATA_DIR]          the whole CLI path once: read, parse, index, search, print
//   searchbench search QUERY --snapshot FILE     the same, loading a snapshot instead of parsing
//   searchbench snapshot FILE [DATA_DIR]         writes the snapshot
//   searchbench q QUERY...                       ranked matches, for eyeballing
//   searchbench s SYMBOL...                      "did you mean" suggestions
// The large-cap list (DATA_DIR/large-caps.txt) is read when present; `--no-large-caps` anywhere
// leaves it out, to see what the directory's own attributes do alone.

func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(f) }
    fseek(f, 0, SEEK_END)
    let n = ftell(f)
    fseek(f, 0, SEEK_SET)
    var b = [UInt8](repeating: 0, count: n)
    _ = b.withUnsafeMutableBytes { fread($0.baseAddress, 1, n, f) }
    return b
}

func loadQueries(_ path: String) -> [(String, String)] {
    let text = String(decoding: readFile(path), as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
        if line.hasPrefix("#") { return nil }
        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
        return f.count >= 2 ? (String(f[0]), String(f[1])) : nil
    }
}

func measure(_ index: SymbolIndex, _ queries: [(String, String)], rounds: Int) -> (p50: Double, p99: Double, top1: Int)
{
    var samples: [Double] = []
    samples.reserveCapacity(queries.count * rounds)
    var top1 = 0
    for (q, want) in queries where index.search(q, limit: 10).first?.symbol == want { top1 += 1 }
    for _ in 0..<rounds {
        for (q, _) in queries {
            let t0 = Clock.cpu()
            let r = index.search(q, limit: 10)
            let t1 = Clock.cpu()
            if r.count > 1000 { print("") }  // keep the result alive
            samples.append(Double(t1 - t0))
        }
    }
    samples.sort()
    return (Clock.percentile(samples, 0.5), Clock.percentile(samples, 0.99), top1)
}

let useLargeCaps = !CommandLine.arguments.contains("--no-large-caps")
let args = Array(CommandLine.arguments.dropFirst().filter { $0 != "--no-large-caps" })
let mode = args.first ?? "bench"

func dataDir(_ i: Int) -> String { args.count > i ? args[i] : "data" }

/// The large-cap list in `dir`, unless absent or left out.
func largeCaps(_ dir: String) -> LargeCapList {
    let path = dir + "/" + LargeCapList.fileName
    guard useLargeCaps, access(path, R_OK) == 0 else { return .empty }
    return LargeCapList(readFile(path))
}

func loadReal(_ dir: String) -> (SymbolIndex, SymbolDirectory) {
    let a = readFile(dir + "/nasdaqlisted.txt")
    let b = readFile(dir + "/otherlisted.txt")
    do {
        let d = try SymbolDirectoryParser.parse(nasdaqListed: a, otherListed: b)
        return (try SymbolIndex(nasdaqListed: a, otherListed: b, largeCaps: largeCaps(dir)), d)
    } catch {
        fatalError("\(error)")
    }
}

switch mode {
case "bench":
    let dir = dataDir(1)
    var parseT: [Double] = []
    var indexT: [Double] = []
    var readT: [Double] = []
    var fusedT: [Double] = []
    var directory: SymbolDirectory? = nil
    var index: SymbolIndex? = nil
    for _ in 0..<30 {
        let t0 = Clock.cpu()
        let a2 = readFile(dir + "/nasdaqlisted.txt")
        let b2 = readFile(dir + "/otherlisted.txt")
        let t1 = Clock.cpu()
        let d = try! SymbolDirectoryParser.parse(nasdaqListed: a2, otherListed: b2)
        let t2 = Clock.cpu()
        let ix = SymbolIndex(listings: d.listings)
        let t3 = Clock.cpu()
        let fused = try! SymbolIndex(nasdaqListed: a2, otherListed: b2)
        let t4 = Clock.cpu()
        readT.append(Double(t1 - t0))
        parseT.append(Double(t2 - t1))
        indexT.append(Double(t3 - t2))
        fusedT.append(Double(t4 - t3))
        directory = d
        index = ix
        _ = fused
    }
    readT.sort()
    parseT.sort()
    indexT.sort()
    let total = zip(zip(readT, parseT), indexT).map { $0.0 + $0.1 + $1 }
    print(
        "real universe: \(directory!.listings.count) listings, \(index!.vocabularySize) indexed words, file date \(directory!.creationTime)"
    )
    print(
        "  load, CPU time (median of 30): read \(Clock.ms(Clock.percentile(readT, 0.5))) ms + parse \(Clock.ms(Clock.percentile(parseT, 0.5))) ms + index \(Clock.ms(Clock.percentile(indexT, 0.5))) ms = \(Clock.ms(Clock.percentile(total.sorted(), 0.5))) ms"
    )
    fusedT.sort()
    let snap = index!.snapshot()
    let snapPath = "/tmp/searchbench-symbols.idx"
    if let f = fopen(snapPath, "wb") {
        _ = snap.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    var snapT: [Double] = []
    for _ in 0..<30 {
        let t0 = Clock.cpu()
        let loaded = try! SymbolIndex(snapshot: readFile(snapPath))
        snapT.append(Double(Clock.cpu() - t0))
        precondition(loaded.count == index!.count)
    }
    snapT.sort()
    print(
        "  load in one pass, SymbolIndex(nasdaqListed:otherListed:), CPU time: read \(Clock.ms(Clock.percentile(readT, 0.5))) ms + parse and index \(Clock.ms(Clock.percentile(fusedT, 0.5))) ms"
    )
    print(
        "  load from a snapshot (\(snap.count / 1024) KiB), SymbolIndex(snapshot:), CPU time incl. reading the file: \(Clock.ms(Clock.percentile(snapT, 0.5))) ms (p99 \(Clock.ms(Clock.percentile(snapT, 0.99))) ms)"
    )
    let queries = loadQueries(args.count > 2 ? args[2] : "bench/queries.tsv")
    let real = measure(index!, queries, rounds: 200)
    print(
        "  \(queries.count) queries x 200: p50 \(Clock.ms(real.p50)) ms, p99 \(Clock.ms(real.p99)) ms, expected first \(real.top1)/\(queries.count)"
    )

    let t0 = Clock.now()
    let synth = SyntheticUniverse(count: 100_000, seed: 42)
    let t1 = Clock.now()
    let big = SymbolIndex(listings: synth.listings)
    let t2 = Clock.now()
    let sq = synth.queries(count: 500, seed: 7)
    let s = measure(big, sq, rounds: 10)
    print(
        "synthetic universe: 100000 listings (generated in \(Clock.ms(Double(t1 - t0))) ms), \(big.vocabularySize) indexed words, index built in \(Clock.ms(Double(t2 - t1))) ms"
    )
    print("  500 queries x 10: p50 \(Clock.ms(s.p50)) ms, p99 \(Clock.ms(s.p99)) ms, intended first \(s.top1)/500")

case "loop":
    // Profiling aid: parse and index 20 times.
    let a = readFile("data/symbols/nasdaqlisted.txt")
    let b = readFile("data/symbols/otherlisted.txt")
    var total = 0
    let rounds = args.count > 2 ? Int(args[2]) ?? 20 : 20
    for _ in 0..<rounds {
        if args.count > 1 && args[1] == "fused" {
            total += try! SymbolIndex(nasdaqListed: a, otherListed: b).vocabularySize
            continue
        }
        let d = try! SymbolDirectoryParser.parse(nasdaqListed: a, otherListed: b)
        if args.count > 1 && args[1] == "parse" {
            total += d.listings.count
            continue
        }
        total += SymbolIndex(listings: d.listings).vocabularySize
    }
    print(total)

case "rank":
    let (index, _) = loadReal(args.count > 2 ? args[1] : "data")
    let queries = loadQueries(args.last!)
    for (q, want) in queries {
        let r = index.search(q, limit: 50)
        let rank = (r.firstIndex { $0.symbol == want }).map { String($0 + 1) } ?? "-"
        var t: [Double] = []
        for _ in 0..<51 {
            let t0 = Clock.now()
            _ = index.search(q, limit: 10)
            t.append(Double(Clock.now() - t0))
        }
        t.sort()
        let tenthsOfMicros = Int((t[25] / 100).rounded())
        print("\(q)\t\(want)\t\(rank)\t\(tenthsOfMicros / 10).\(tenthsOfMicros % 10)")
    }

case "export":
    let (index, _) = loadReal(dataDir(1))
    var out = ""
    for l in index.listings { out += "\(l.symbol)\t\(l.name)\n" }
    print(out, terminator: "")

case "snapshot":
    // Writes the snapshot `search --snapshot` loads.
    let (index, _) = loadReal(dataDir(2))
    let snap = index.snapshot()
    if let f = fopen(args[1], "wb") {
        _ = snap.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    print("wrote \(snap.count) bytes")

case "search":
    // What `squarestock search QUERY` does offline: load the universe (directory files, or a
    // snapshot with `search QUERY --snapshot FILE`), search, print.
    let index: SymbolIndex
    if args.count > 3 && args[2] == "--snapshot" {
        index = try! SymbolIndex(snapshot: readFile(args[3]))
    } else {
        let dir = dataDir(2)
        index = try! SymbolIndex(
            nasdaqListed: readFile(dir + "/nasdaqlisted.txt"), otherListed: readFile(dir + "/otherlisted.txt"),
            largeCaps: largeCaps(dir))
    }
    for m in index.search(args.count > 1 ? args[1] : "apple", limit: 10) {
        print("\(m.symbol)\t\(m.name)\t\(m.exchange)\t\(m.type)\t\(m.score)")
    }

case "q":
    let (index, _) = loadReal("data/symbols")
    for q in args.dropFirst() {
        print("== \(q)")
        for m in index.search(q, limit: 6) {
            print("  \(m.score)\t\(m.symbol)\t\(m.type)\t\(m.exchange)\t\(m.name.prefix(70))")
        }
    }

case "s":
    let (index, _) = loadReal("data/symbols")
    for q in args.dropFirst() {
        print(q, "->", index.suggestion(forUnknownSymbol: q).map { "\($0.symbol) (\($0.name)) \($0.score)" } ?? "nil")
    }

default:
    print("usage: searchbench bench|rank|export|search|q|s ...")
}
