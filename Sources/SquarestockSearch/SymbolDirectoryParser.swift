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

    /// The loop over lines: the header says which file this is, blank lines are skipped, the
    /// footer ends it, and every other line is a row (`row`), kept unless it is a test issue.
    static func parse(
        buffer p: UnsafeBufferPointer<UInt8>, builder: UnsafeMutablePointer<IndexBuilder>? = nil,
        firstIndex: Int = 0
    ) -> Result<Parsed, SymbolDirectoryError> {
        guard let base = p.baseAddress, p.count > 0 else { return .failure(.empty) }
        let n = p.count
        var pos: Int
        do throws(SymbolDirectoryError) {
            pos = try firstByte(base, n)
        } catch {
            return .failure(error)
        }
        var kind = DirectoryFileKind.nasdaqListed
        var listings: [Listing] = []
        listings.reserveCapacity(n / 55)
        var scratch = RowScratch()
        defer { scratch.fields.deallocate() }
        var lineNo = 0
        var footer: CivilDateTime? = nil
        var skipped = 0
        while pos < n {
            lineNo += 1
            let line = nextLine(base, n, &pos)
            if lineNo == 1 {
                if let k = headerKind(line) {
                    kind = k
                    continue
                }
                if line.contains(UInt8(ascii: "<")) { return .failure(.htmlInsteadOfDirectory) }
                return .failure(.badHeader(line: 1, found: text(line, limit: 120)))
            }
            if line.allSatisfy(ASCIIBytes.isJSONSpace) { continue }
            if footer != nil { return .failure(.dataAfterFooter(line: lineNo)) }
            if line[0] == UInt8(ascii: "F") && line.starts(with: "File Creation Time:".utf8) {
                guard let t = footerTime(line) else {
                    return .failure(.badFooter(line: lineNo, found: text(line, limit: 80)))
                }
                footer = t
                continue
            }
            do throws(SymbolDirectoryError) {
                guard try row(line, kind: kind, lineNo: lineNo, scratch: &scratch, into: &listings) else {
                    skipped += 1
                    continue
                }
                if let builder {
                    let last = listings.count - 1
                    index(
                        type: listings[last].type, flaggedETF: listings[last].isETF, scratch, into: builder,
                        at: firstIndex + last)
                }
            } catch {
                return .failure(error)
            }
        }
        guard let time = footer else { return .failure(.missingFooter(lastLine: lineNo)) }
        return .success((kind, SymbolDirectory(listings: listings, creationTime: time, testIssuesSkipped: skipped)))
    }

    /// Where the text starts (after a byte-order mark); an empty body or an HTML page is an error.
    @inline(__always)
    static func firstByte(_ base: UnsafePointer<UInt8>, _ n: Int) throws(SymbolDirectoryError) -> Int {
        let start = ASCIIBytes.bomLength(UnsafeBufferPointer(start: base, count: min(n, 3)))
        var firstVisible = start
        while firstVisible < n && ASCIIBytes.isJSONSpace(base[firstVisible]) { firstVisible += 1 }
        if firstVisible == n { throw .empty }
        if base[firstVisible] == UInt8(ascii: "<") { throw .htmlInsteadOfDirectory }
        return start
    }

    /// The line at `pos` without its LF or CRLF; `pos` moves past the line end.
    @inline(__always)
    static func nextLine(_ base: UnsafePointer<UInt8>, _ n: Int, _ pos: inout Int) -> UnsafeBufferPointer<UInt8> {
        var lineEnd = n
        if let nl = memchr(base + pos, 10, n - pos) {
            lineEnd = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
        }
        var end = lineEnd
        if end > pos && base[end - 1] == 13 { end -= 1 }
        let line = UnsafeBufferPointer(start: base + pos, count: end - pos)
        pos = lineEnd + 1
        return line
    }

    /// What the rows reuse: field bounds, the name tokenizer and a buffer for names with runs
    /// of spaces.
    struct RowScratch {
        /// Field k of the current line is `line[fields[2k]..<fields[2k+1]]`, already trimmed.
        let fields = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        let tokens = NameTokens()
        var name: [UInt8] = []
        /// The core-run count of the last row's name, by the file's own ETF flag.
        var core = 0

        /// Field `k` of `line` as `split` left it.
        @inline(__always)
        func field(_ line: UnsafeBufferPointer<UInt8>, _ k: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: line.baseAddress! + fields[2 * k], count: fields[2 * k + 1] - fields[2 * k])
        }

        /// Splits `line` at `|`, trimming spaces around each field (the first 8 are kept);
        /// returns how many fields there were.
        @inline(__always)
        func split(_ line: UnsafeBufferPointer<UInt8>) -> Int {
            var count = 0
            var s = 0
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
                    while a < b && ASCIIBytes.isJSONSpace(lb[a]) { a += 1 }
                    while b > a && ASCIIBytes.isJSONSpace(lb[b - 1]) { b -= 1 }
                    fields[2 * count] = a
                    fields[2 * count + 1] = b
                }
                count += 1
                if i >= ln { break }
                s = i + 1
            }
            return count
        }
    }

    /// One data line appended to `listings` as a listing; false for a test issue, which is not.
    /// Leaves the name's tokens in `scratch.tokens` for the index.
    @inline(__always)
    static func row(
        _ line: UnsafeBufferPointer<UInt8>, kind: DirectoryFileKind, lineNo: Int, scratch: inout RowScratch,
        into listings: inout [Listing]
    ) throws(SymbolDirectoryError) -> Bool {
        let count = scratch.split(line)
        if count != DirectoryFileKind.fieldCount {
            if line.contains(UInt8(ascii: "<")) && lineNo <= 3 { throw .htmlInsteadOfDirectory }
            throw .wrongFieldCount(line: lineNo, expected: DirectoryFileKind.fieldCount, found: count)
        }
        let isNasdaq = kind == .nasdaqListed
        let test = scratch.field(line, isNasdaq ? 3 : 6)
        guard let isTest = yesNo(test, allowEmpty: false) else {
            throw .invalidValue(line: lineNo, field: "Test Issue", value: text(test, limit: 40))
        }
        if isTest { return false }
        let symbolField = scratch.field(line, 0)
        if symbolField.isEmpty { throw .emptyField(line: lineNo, field: isNasdaq ? "Symbol" : "ACT Symbol") }
        let nameField = scratch.field(line, 1)
        if nameField.isEmpty { throw .emptyField(line: lineNo, field: "Security Name") }
        let etfField = scratch.field(line, isNasdaq ? 6 : 4)
        guard let isETF = yesNo(etfField, allowEmpty: true) else {
            throw .invalidValue(line: lineNo, field: "ETF", value: text(etfField, limit: 40))
        }
        let lot = try roundLot(scratch.field(line, 5), lineNo: lineNo)
        let symbols =
            isNasdaq
            ? try nasdaqSymbols(line, symbolField, lineNo: lineNo, scratch: scratch)
            : try otherSymbols(line, symbolField, lineNo: lineNo, scratch: scratch)
        let name = collapsedName(nameField, &scratch.name)
        let tokens = scratch.tokens
        tokens.tokenize(nameField)
        let core = ListingNameAnalysis.coreRunCount(tokens, isETF: isETF)
        scratch.core = core
        let type = ListingNameAnalysis.securityType(tokens, coreRuns: core, isETF: isETF, suffix: symbols.suffix)
        var shareClass: UInt8? = nil
        if case .shareClass(let c) = symbols.suffix {
            shareClass = c
        } else if type != .etf {
            shareClass = ListingNameAnalysis.shareClass(tokens)
        }
        listings.append(
            Listing(
                symbol: symbols.display, name: name, exchange: symbols.exchange, type: type,
                shareClass: shareClass, isETF: isETF, actSymbol: symbols.act, cqsSymbol: symbols.cqs,
                nasdaqSymbol: symbols.nasdaq, financialStatus: symbols.status, roundLotSize: lot))
        return true
    }

    /// Adds a listing's name tokens to the search index being built. A fund the file does not
    /// flag as an ETF is indexed as one, with its core run counted that way.
    @inline(__always)
    static func index(
        type: SecurityType, flaggedETF: Bool, _ scratch: borrowing RowScratch,
        into builder: UnsafeMutablePointer<IndexBuilder>,
        at index: Int
    ) {
        let core =
            type == .etf && !flaggedETF ? ListingNameAnalysis.coreRunCount(scratch.tokens, isETF: true) : scratch.core
        builder.pointee.add(tokens: scratch.tokens, isETF: flaggedETF || type == .etf, core: core, index: UInt32(index))
    }

    /// The Round Lot Size field: digits, 100 when empty.
    @inline(__always)
    static func roundLot(_ f: UnsafeBufferPointer<UInt8>, lineNo: Int) throws(SymbolDirectoryError) -> Int {
        var lot = f.isEmpty ? 100 : 0
        for b in f {
            guard b >= 48 && b <= 57, lot < 100_000_000 else {
                throw .invalidValue(line: lineNo, field: "Round Lot Size", value: text(f, limit: 20))
            }
            lot = lot * 10 + Int(b - 48)
        }
        return lot
    }

    /// A row's venue and its names under each convention.
    struct RowSymbols {
        var exchange: ListingExchange
        var display: String
        var act: String
        var cqs: String?
        var nasdaq: String
        var suffix = DirectorySymbol.Suffix.none
        var status: UInt8?
    }

    /// nasdaqlisted: `Symbol|Security Name|Market Category|Test Issue|Financial Status|...`;
    /// one symbol serves every convention.
    @inline(__always)
    static func nasdaqSymbols(
        _ line: UnsafeBufferPointer<UInt8>, _ symbolField: UnsafeBufferPointer<UInt8>, lineNo: Int,
        scratch: borrowing RowScratch
    ) throws(SymbolDirectoryError) -> RowSymbols {
        let cat = scratch.field(line, 2)
        guard cat.count == 1, let exchange = ListingExchange(nasdaqMarketCategory: cat[0]) else {
            throw .invalidValue(line: lineNo, field: "Market Category", value: text(cat, limit: 20))
        }
        let act = TerminalText.clean(bytes: UnsafeRawBufferPointer(symbolField))
        let status = scratch.field(line, 4)
        return RowSymbols(
            exchange: exchange, display: act, act: act, cqs: nil, nasdaq: act,
            status: status.count == 1 ? status[0] : nil)
    }

    /// otherlisted: `ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test
    /// Issue|NASDAQ Symbol`; the display symbol comes from the CQS column (`DirectorySymbol`).
    @inline(__always)
    static func otherSymbols(
        _ line: UnsafeBufferPointer<UInt8>, _ symbolField: UnsafeBufferPointer<UInt8>, lineNo: Int,
        scratch: borrowing RowScratch
    ) throws(SymbolDirectoryError) -> RowSymbols {
        let ex = scratch.field(line, 2)
        guard ex.count == 1, ex[0] >= 65 && ex[0] <= 90 else {
            if ex.isEmpty { throw .emptyField(line: lineNo, field: "Exchange") }
            throw .invalidValue(line: lineNo, field: "Exchange", value: text(ex, limit: 20))
        }
        let act = TerminalText.clean(bytes: UnsafeRawBufferPointer(symbolField))
        var out = RowSymbols(
            exchange: ListingExchange(otherListedCode: ex[0]) ?? ListingExchange(unknownOtherListedCode: ex[0]),
            display: act, act: act, cqs: nil, nasdaq: act)
        let cqsField = scratch.field(line, 3)
        if !cqsField.isEmpty {
            out.cqs =
                cqsField.elementsEqual(symbolField) ? act : TerminalText.clean(bytes: UnsafeRawBufferPointer(cqsField))
            (out.display, out.suffix) = DirectorySymbol.display(cqs: cqsField)
        }
        let nf = scratch.field(line, 7)
        if !nf.isEmpty && !nf.elementsEqual(symbolField) {
            out.nasdaq = TerminalText.clean(bytes: UnsafeRawBufferPointer(nf))
        }
        return out
    }

    /// The name with runs of spaces collapsed (the field is already trimmed).
    @inline(__always)
    static func collapsedName(_ field: UnsafeBufferPointer<UInt8>, _ scratch: inout [UInt8]) -> String {
        let nb = field.baseAddress!
        var k = 1
        while k < field.count {
            if nb[k] == 32 && nb[k - 1] == 32 {
                scratch.removeAll(keepingCapacity: true)
                for b in field where !(b == 32 && scratch.last == 32) { scratch.append(b) }
                return TerminalText.clean(bytes: scratch)
            }
            k += 1
        }
        return TerminalText.clean(bytes: UnsafeRawBufferPointer(field))
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

    static func headerKind(_ line: UnsafeBufferPointer<UInt8>) -> DirectoryFileKind? {
        // Tolerate trailing spaces or a trailing `|` some mirrors add.
        var end = line.count
        while end > 0 && (ASCIIBytes.isJSONSpace(line[end - 1]) || line[end - 1] == UInt8(ascii: "|")) { end -= 1 }
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
        while i < line.count && ASCIIBytes.isJSONSpace(line[i]) { i += 1 }
        while i < line.count {
            if line[i] != UInt8(ascii: "|") && !ASCIIBytes.isJSONSpace(line[i]) { return nil }
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
