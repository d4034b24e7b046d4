import SquarestockCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads Nasdaq Trader's `nasdaqlisted.txt` and `otherlisted.txt` into listings. This is the
/// offline universe search runs on, so it must be fast (it runs on every `squarestock search`)
/// and strict about the file's shape: a truncated download or an HTML error page must fail with
/// a line number, not quietly give a smaller universe.
///
/// Works on bytes: lines end in LF or CRLF; fields are `|`-separated and never quoted; spaces
/// around fields are trimmed and runs of spaces inside names collapsed; the ETF field may be
/// empty (test issues); test issues are dropped; the last line must be the
/// `File Creation Time: MMDDYYYYHH:MM|||...` footer, whose time is returned. Display symbols of
/// otherlisted rows come from the CQS column (see `DirectorySymbol`).
package enum SymbolDirectoryParser {
    /// Parses one file, telling which it was from its header.
    package static func parse(_ bytes: [UInt8]) throws(SymbolDirectoryError) -> (
        kind: DirectoryFileKind, directory: SymbolDirectory
    ) {
        let result = bytes.withUnsafeBufferPointer { parse(buffer: $0) }
        return try result.get()
    }

    /// Parses one file given as text.
    package static func parse(_ text: String) throws(SymbolDirectoryError) -> (
        kind: DirectoryFileKind, directory: SymbolDirectory
    ) {
        try parse(Array(text.utf8))
    }

    /// Parses both files into one directory, nasdaqlisted first. Each body may be either file:
    /// the headers decide. The creation time is the older footer's.
    package static func parse(nasdaqListed: [UInt8], otherListed: [UInt8]) throws(SymbolDirectoryError)
        -> SymbolDirectory
    {
        var (ka, a) = try parse(nasdaqListed)
        var (kb, b) = try parse(otherListed)
        if ka == .otherListed && kb == .nasdaqListed {
            swap(&a, &b)
            swap(&ka, &kb)
        }
        a.listings.append(contentsOf: b.listings)
        a.testIssuesSkipped += b.testIssuesSkipped
        a.creationTime = min(a.creationTime, b.creationTime)
        return a
    }

    /// Both files parsed in the given order, each listing also added to `builder`.
    static func parse(_ first: [UInt8], _ second: [UInt8], into builder: inout IndexBuilder)
        throws(SymbolDirectoryError) -> SymbolDirectory
    {
        let a = withUnsafeMutablePointer(to: &builder) { b in
            first.withUnsafeBufferPointer { parse(buffer: $0, builder: b, firstIndex: 0) }
        }
        var (_, d) = try a.get()
        let offset = d.listings.count
        let b = withUnsafeMutablePointer(to: &builder) { b in
            second.withUnsafeBufferPointer { parse(buffer: $0, builder: b, firstIndex: offset) }
        }
        let (_, d2) = try b.get()
        d.listings.append(contentsOf: d2.listings)
        d.testIssuesSkipped += d2.testIssuesSkipped
        d.creationTime = min(d.creationTime, d2.creationTime)
        return d
    }

    // MARK: Implementation

    typealias Parsed = (kind: DirectoryFileKind, directory: SymbolDirectory)

    static func parse(
        buffer p: UnsafeBufferPointer<UInt8>, builder: UnsafeMutablePointer<IndexBuilder>? = nil,
        firstIndex: Int = 0
    ) -> Result<Parsed, SymbolDirectoryError> {
        Result { () throws(SymbolDirectoryError) in try parseLines(p, builder: builder, firstIndex: firstIndex) }
    }

    /// The header line, then one listing a line (blank lines and test issues skipped), then the
    /// footer and nothing after it.
    static func parseLines(
        _ p: UnsafeBufferPointer<UInt8>, builder: UnsafeMutablePointer<IndexBuilder>?, firstIndex: Int
    ) throws(SymbolDirectoryError) -> Parsed {
        guard let base = p.baseAddress, p.count > 0 else { throw .empty }
        let n = p.count
        var pos = try bodyStart(base, count: n)

        var kind = DirectoryFileKind.nasdaqListed
        var listings: [Listing] = []
        listings.reserveCapacity(n / 55)
        let tokens = NameTokens()
        var nameScratch: [UInt8] = []
        nameScratch.reserveCapacity(256)
        var lineNo = 0
        var footer: CivilDateTime? = nil
        var skipped = 0
        // Field k of the current line is line[bounds[2k]..<bounds[2k+1]], already trimmed.
        let bounds = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        defer { bounds.deallocate() }

        while pos < n {
            lineNo += 1
            var lineEnd = n
            if let nl = memchr(base + pos, 10, n - pos) {
                lineEnd = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
            }
            let next = lineEnd + 1
            var end = lineEnd
            if end > pos && base[end - 1] == 13 { end -= 1 }
            let line = UnsafeBufferPointer(start: base + pos, count: end - pos)
            pos = next

            if lineNo == 1 {
                kind = try header(line)
                continue
            }
            if isBlank(line) { continue }
            if footer != nil { throw .dataAfterFooter(line: lineNo) }
            if line[0] == UInt8(ascii: "F") && line.starts(with: "File Creation Time:".utf8) {
                guard let t = footerTime(line) else { throw .badFooter(line: lineNo, found: text(line, limit: 80)) }
                footer = t
                continue
            }

            let count = splitFields(line, into: bounds)
            if count != DirectoryFileKind.fieldCount {
                if line.contains(UInt8(ascii: "<")) && lineNo <= 3 { throw .htmlInsteadOfDirectory }
                throw .wrongFieldCount(line: lineNo, expected: DirectoryFileKind.fieldCount, found: count)
            }
            let fields = DirectoryFields(line: line, bounds: bounds)
            guard
                let listing = try listing(
                    fields, kind: kind, lineNo: lineNo, tokens: tokens, nameScratch: &nameScratch, builder: builder,
                    index: firstIndex + listings.count)
            else {
                skipped += 1
                continue
            }
            listings.append(listing)
        }
        guard let time = footer else { throw .missingFooter(lastLine: lineNo) }
        return (kind, SymbolDirectory(listings: listings, creationTime: time, testIssuesSkipped: skipped))
    }

    /// Where the first line starts, past a UTF-8 byte order mark; an empty body or an HTML page
    /// (a captive portal, an error page) fails before any line is read.
    static func bodyStart(_ base: UnsafePointer<UInt8>, count n: Int) throws(SymbolDirectoryError) -> Int {
        var pos = 0
        if n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { pos = 3 }
        var firstVisible = pos
        while firstVisible < n && (isSpace(base[firstVisible]) || base[firstVisible] == 10) { firstVisible += 1 }
        if firstVisible == n { throw .empty }
        if base[firstVisible] == UInt8(ascii: "<") { throw .htmlInsteadOfDirectory }
        return pos
    }

    /// Which file the first line says this is.
    static func header(_ line: UnsafeBufferPointer<UInt8>) throws(SymbolDirectoryError) -> DirectoryFileKind {
        if let k = headerKind(line) { return k }
        if line.contains(UInt8(ascii: "<")) { throw .htmlInsteadOfDirectory }
        throw .badHeader(line: 1, found: text(line, limit: 120))
    }

    @inline(__always)
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in line where !isSpace(b) { return false }
        return true
    }

    /// Splits `line` at `|` into `bounds` (field k trimmed of spaces at `bounds[2k]..<bounds[2k+1]`,
    /// the first eight only) and returns how many fields there are.
    @inline(__always)
    static func splitFields(_ line: UnsafeBufferPointer<UInt8>, into bounds: UnsafeMutablePointer<Int>) -> Int {
        var count = 0
        var s = 0
        // A line reaches here only when it has a byte that is not a space.
        let lb = line.baseAddress!
        let ln = line.count
        while true {
            var i = ln
            if s < ln, let bar = memchr(lb + s, 124, ln - s) {
                i = lb.distance(to: bar.assumingMemoryBound(to: UInt8.self))
            }
            if count < 8 {
                var a = s
                var b = i
                while a < b && isSpace(lb[a]) { a += 1 }
                while b > a && isSpace(lb[b - 1]) { b -= 1 }
                bounds[2 * count] = a
                bounds[2 * count + 1] = b
            }
            count += 1
            if i >= ln { break }
            s = i + 1
        }
        return count
    }

    /// The trimmed fields of one line, as `splitFields` left them.
    struct DirectoryFields {
        let line: UnsafeBufferPointer<UInt8>
        let bounds: UnsafeMutablePointer<Int>

        @inline(__always)
        subscript(_ k: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: line.baseAddress! + bounds[2 * k], count: bounds[2 * k + 1] - bounds[2 * k])
        }
    }

    /// The listing on one data line, nil for a test issue; the name's words also go to `builder`
    /// when there is one, under `index`.
    @inline(__always)
    static func listing(
        _ field: DirectoryFields, kind: DirectoryFileKind, lineNo: Int, tokens: NameTokens,
        nameScratch: inout [UInt8], builder: UnsafeMutablePointer<IndexBuilder>?, index: Int
    ) throws(SymbolDirectoryError) -> Listing? {
        let isNasdaq = kind == .nasdaqListed
        let test = field[isNasdaq ? 3 : 6]
        guard let isTest = yesNo(test, allowEmpty: false) else {
            throw .invalidValue(line: lineNo, field: "Test Issue", value: text(test, limit: 40))
        }
        if isTest { return nil }
        let symbolField = field[0]
        if symbolField.isEmpty { throw .emptyField(line: lineNo, field: isNasdaq ? "Symbol" : "ACT Symbol") }
        let nameField = field[1]
        if nameField.isEmpty { throw .emptyField(line: lineNo, field: "Security Name") }
        let etfField = field[isNasdaq ? 6 : 4]
        guard let isETF = yesNo(etfField, allowEmpty: true) else {
            throw .invalidValue(line: lineNo, field: "ETF", value: text(etfField, limit: 40))
        }
        let lot = try roundLot(field[5], lineNo: lineNo)
        let symbols =
            isNasdaq
            ? try nasdaqListedSymbols(field, lineNo: lineNo) : try otherListedSymbols(field, lineNo: lineNo)
        let name = collapsedName(nameField, scratch: &nameScratch)

        tokens.tokenize(nameField)
        let core = ListingNameAnalysis.coreRunCount(tokens, isETF: isETF)
        let type = ListingNameAnalysis.securityType(tokens, coreRuns: core, isETF: isETF, suffix: symbols.suffix)
        var shareClass: UInt8? = nil
        if case .shareClass(let c) = symbols.suffix {
            shareClass = c
        } else if type != .etf {
            shareClass = ListingNameAnalysis.shareClass(tokens)
        }
        if let builder {
            let indexCore = type == .etf && !isETF ? ListingNameAnalysis.coreRunCount(tokens, isETF: true) : core
            builder.pointee.add(tokens: tokens, isETF: isETF || type == .etf, core: indexCore, index: UInt32(index))
        }
        return Listing(
            symbol: symbols.symbol, name: name, exchange: symbols.exchange, type: type,
            shareClass: shareClass, isETF: isETF, actSymbol: symbols.act, cqsSymbol: symbols.cqs,
            nasdaqSymbol: symbols.nasdaq, financialStatus: symbols.status, roundLotSize: lot)
    }

    /// A line's venue and its symbols in each convention.
    struct LineSymbols {
        var exchange: ListingExchange
        /// What search shows (`BRK.B`).
        var symbol: String
        var suffix = DirectorySymbol.Suffix.none
        /// The ACT (nasdaqlisted: the only) symbol, the CQS one and the Nasdaq one (`BRK/B`,
        /// `BRK.B`, `BRK=B`, say).
        var act: String
        var cqs: String? = nil
        var nasdaq: String
        /// Nasdaq's financial status letter, nasdaqlisted only.
        var status: UInt8? = nil
    }

    /// `Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares`.
    @inline(__always)
    static func nasdaqListedSymbols(_ field: DirectoryFields, lineNo: Int) throws(SymbolDirectoryError) -> LineSymbols {
        let cat = field[2]
        guard cat.count == 1, let exchange = ListingExchange(nasdaqMarketCategory: cat[0]) else {
            throw .invalidValue(line: lineNo, field: "Market Category", value: text(cat, limit: 20))
        }
        let act = TerminalText.clean(bytes: UnsafeRawBufferPointer(field[0]))
        var symbols = LineSymbols(exchange: exchange, symbol: act, act: act, nasdaq: act)
        let fstat = field[4]
        if fstat.count == 1 { symbols.status = fstat[0] }
        return symbols
    }

    /// `ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol`;
    /// the displayed symbol comes from the CQS column.
    @inline(__always)
    static func otherListedSymbols(_ field: DirectoryFields, lineNo: Int) throws(SymbolDirectoryError) -> LineSymbols {
        let ex = field[2]
        guard ex.count == 1, ex[0] >= 65 && ex[0] <= 90 else {
            if ex.isEmpty { throw .emptyField(line: lineNo, field: "Exchange") }
            throw .invalidValue(line: lineNo, field: "Exchange", value: text(ex, limit: 20))
        }
        let exchange = ListingExchange(otherListedCode: ex[0]) ?? ListingExchange(unknownOtherListedCode: ex[0])
        let symbolField = field[0]
        let act = TerminalText.clean(bytes: UnsafeRawBufferPointer(symbolField))
        var symbols = LineSymbols(exchange: exchange, symbol: act, act: act, nasdaq: act)
        let cqsField = field[3]
        if !cqsField.isEmpty {
            symbols.cqs =
                cqsField.elementsEqual(symbolField) ? act : TerminalText.clean(bytes: UnsafeRawBufferPointer(cqsField))
            (symbols.symbol, symbols.suffix) = DirectorySymbol.display(cqs: cqsField)
        }
        let nf = field[7]
        if !(nf.isEmpty || nf.elementsEqual(symbolField)) {
            symbols.nasdaq = TerminalText.clean(bytes: UnsafeRawBufferPointer(nf))
        }
        return symbols
    }

    /// Digits only, at most nine of them; empty means the usual 100.
    @inline(__always)
    static func roundLot(_ lotField: UnsafeBufferPointer<UInt8>, lineNo: Int) throws(SymbolDirectoryError) -> Int {
        var lot = lotField.isEmpty ? 100 : 0
        for b in lotField {
            guard b >= 48 && b <= 57, lot < 100_000_000 else {
                throw .invalidValue(line: lineNo, field: "Round Lot Size", value: text(lotField, limit: 20))
            }
            lot = lot * 10 + Int(b - 48)
        }
        return lot
    }

    /// The name with runs of spaces collapsed (the field is already trimmed); `scratch` is only
    /// used, and reused, when there is a run.
    @inline(__always)
    static func collapsedName(_ nameField: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> String {
        var hasDoubleSpace = false
        // The name field is not empty here.
        let nb = nameField.baseAddress!
        var k = 1
        while k < nameField.count {
            if nb[k] == 32 && nb[k - 1] == 32 {
                hasDoubleSpace = true
                break
            }
            k += 1
        }
        guard hasDoubleSpace else { return TerminalText.clean(bytes: UnsafeRawBufferPointer(nameField)) }
        scratch.removeAll(keepingCapacity: true)
        for b in nameField where !(b == 32 && scratch.last == 32) { scratch.append(b) }
        return TerminalText.clean(bytes: scratch)
    }

    @inline(__always)
    static func yesNo(_ f: UnsafeBufferPointer<UInt8>, allowEmpty: Bool) -> Bool? {
        if f.count == 1 {
            if f[0] == UInt8(ascii: "Y") { return true }
            if f[0] == UInt8(ascii: "N") { return false }
        }
        return f.isEmpty && allowEmpty ? false : nil
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }

    static func headerKind(_ line: UnsafeBufferPointer<UInt8>) -> DirectoryFileKind? {
        // Tolerate trailing spaces or a trailing `|` some mirrors add.
        var end = line.count
        while end > 0 && (isSpace(line[end - 1]) || line[end - 1] == UInt8(ascii: "|")) { end -= 1 }
        let h = UnsafeBufferPointer(rebasing: line[0..<end])
        if h.elementsEqual(DirectoryFileKind.nasdaqListedHeader.utf8) { return .nasdaqListed }
        if h.elementsEqual(DirectoryFileKind.otherListedHeader.utf8) { return .otherListed }
        return nil
    }

    /// `File Creation Time: 1020202512:11|||||||` -> 2025-10-20 12:11. Every field after the
    /// first must be empty.
    static func footerTime(_ line: UnsafeBufferPointer<UInt8>) -> CivilDateTime? {
        var i = "File Creation Time:".utf8.count
        while i < line.count && line[i] == 32 { i += 1 }
        var digits: [Int] = []
        while i < line.count && digits.count < 12 {
            let b = line[i]
            if b >= 48 && b <= 57 {
                digits.append(Int(b - 48))
            } else if !(b == UInt8(ascii: ":") && digits.count == 10) {
                break
            }
            i += 1
        }
        guard digits.count == 12 else { return nil }
        while i < line.count && isSpace(line[i]) { i += 1 }
        while i < line.count {
            if line[i] != UInt8(ascii: "|") && !isSpace(line[i]) { return nil }
            i += 1
        }
        func num(_ a: Int, _ len: Int) -> Int { digits[a..<(a + len)].reduce(0) { $0 * 10 + $1 } }
        let t = CivilDateTime(year: num(4, 4), month: num(0, 2), day: num(2, 2), hour: num(8, 2), minute: num(10, 2))
        guard t.date.isValid, t.hour < 24, t.minute < 60 else { return nil }
        return t
    }

    static func text(_ b: UnsafeBufferPointer<UInt8>, limit: Int) -> String {
        TerminalText.sanitize(bytes: b.prefix(limit))
    }
}
