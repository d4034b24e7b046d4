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
        guard let base = p.baseAddress, p.count > 0 else { return .failure(.empty) }
        let n = p.count
        var pos = 0
        if n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { pos = 3 }
        var firstVisible = pos
        while firstVisible < n && (isSpace(base[firstVisible]) || base[firstVisible] == 10) { firstVisible += 1 }
        if firstVisible == n { return .failure(.empty) }
        if base[firstVisible] == UInt8(ascii: "<") { return .failure(.htmlInsteadOfDirectory) }

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
                if let k = headerKind(line) {
                    kind = k
                    continue
                }
                if line.contains(UInt8(ascii: "<")) { return .failure(.htmlInsteadOfDirectory) }
                return .failure(.badHeader(line: 1, found: text(line, limit: 120)))
            }
            var blank = true
            for b in line where !isSpace(b) {
                blank = false
                break
            }
            if blank { continue }
            if footer != nil { return .failure(.dataAfterFooter(line: lineNo)) }
            if line[0] == UInt8(ascii: "F") && line.starts(with: "File Creation Time:".utf8) {
                guard let t = footerTime(line) else {
                    return .failure(.badFooter(line: lineNo, found: text(line, limit: 80)))
                }
                footer = t
                continue
            }

            // Split into fields, trimming spaces.
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
                    while a < b && isSpace(lb[a]) { a += 1 }
                    while b > a && isSpace(lb[b - 1]) { b -= 1 }
                    bounds[2 * count] = a
                    bounds[2 * count + 1] = b
                }
                count += 1
                if i >= ln { break }
                s = i + 1
            }
            if count != DirectoryFileKind.fieldCount {
                if line.contains(UInt8(ascii: "<")) && lineNo <= 3 { return .failure(.htmlInsteadOfDirectory) }
                return .failure(.wrongFieldCount(line: lineNo, expected: DirectoryFileKind.fieldCount, found: count))
            }
            @inline(__always) func field(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(start: lb + bounds[2 * k], count: bounds[2 * k + 1] - bounds[2 * k])
            }

            let isNasdaq = kind == .nasdaqListed
            let test = field(isNasdaq ? 3 : 6)
            guard let isTest = yesNo(test, allowEmpty: false) else {
                return .failure(.invalidValue(line: lineNo, field: "Test Issue", value: text(test, limit: 40)))
            }
            if isTest {
                skipped += 1
                continue
            }
            let symbolField = field(0)
            if symbolField.isEmpty {
                return .failure(.emptyField(line: lineNo, field: isNasdaq ? "Symbol" : "ACT Symbol"))
            }
            let nameField = field(1)
            if nameField.isEmpty { return .failure(.emptyField(line: lineNo, field: "Security Name")) }
            let etfField = field(isNasdaq ? 6 : 4)
            guard let isETF = yesNo(etfField, allowEmpty: true) else {
                return .failure(.invalidValue(line: lineNo, field: "ETF", value: text(etfField, limit: 40)))
            }
            let lotField = field(5)
            var lot = lotField.isEmpty ? 100 : 0
            for b in lotField {
                guard b >= 48 && b <= 57, lot < 100_000_000 else {
                    return .failure(
                        .invalidValue(line: lineNo, field: "Round Lot Size", value: text(lotField, limit: 20)))
                }
                lot = lot * 10 + Int(b - 48)
            }

            let exchange: ListingExchange
            let symbol: String
            var suffix = DirectorySymbol.Suffix.none
            var cqs: String? = nil
            var nasdaqSymbol: String
            var status: UInt8? = nil
            let actSymbol = TerminalText.clean(bytes: UnsafeRawBufferPointer(symbolField))
            if isNasdaq {
                let cat = field(2)
                guard cat.count == 1, let e = ListingExchange(nasdaqMarketCategory: cat[0]) else {
                    return .failure(.invalidValue(line: lineNo, field: "Market Category", value: text(cat, limit: 20)))
                }
                exchange = e
                symbol = actSymbol
                nasdaqSymbol = actSymbol
                let fstat = field(4)
                if fstat.count == 1 { status = fstat[0] }
            } else {
                let ex = field(2)
                guard ex.count == 1, ex[0] >= 65 && ex[0] <= 90 else {
                    if ex.isEmpty { return .failure(.emptyField(line: lineNo, field: "Exchange")) }
                    return .failure(.invalidValue(line: lineNo, field: "Exchange", value: text(ex, limit: 20)))
                }
                exchange = ListingExchange(otherListedCode: ex[0]) ?? ListingExchange(unknownOtherListedCode: ex[0])
                let cqsField = field(3)
                if cqsField.isEmpty {
                    symbol = actSymbol
                } else if cqsField.elementsEqual(symbolField) {
                    cqs = actSymbol
                    (symbol, suffix) = DirectorySymbol.display(cqs: cqsField)
                } else {
                    cqs = TerminalText.clean(bytes: UnsafeRawBufferPointer(cqsField))
                    (symbol, suffix) = DirectorySymbol.display(cqs: cqsField)
                }
                let nf = field(7)
                nasdaqSymbol =
                    nf.isEmpty || nf.elementsEqual(symbolField)
                    ? actSymbol : TerminalText.clean(bytes: UnsafeRawBufferPointer(nf))
            }

            // Name: collapse runs of spaces (fields are already trimmed).
            let name: String
            var hasDoubleSpace = false
            let nb = nameField.baseAddress!
            var k = 1
            while k < nameField.count {
                if nb[k] == 32 && nb[k - 1] == 32 {
                    hasDoubleSpace = true
                    break
                }
                k += 1
            }
            if hasDoubleSpace {
                nameScratch.removeAll(keepingCapacity: true)
                for b in nameField where !(b == 32 && nameScratch.last == 32) { nameScratch.append(b) }
                name = TerminalText.clean(bytes: nameScratch)
            } else {
                name = TerminalText.clean(bytes: UnsafeRawBufferPointer(nameField))
            }

            tokens.tokenize(nameField)
            let core = ListingNameAnalysis.coreRunCount(tokens, isETF: isETF)
            let type = ListingNameAnalysis.securityType(tokens, coreRuns: core, isETF: isETF, suffix: suffix)
            var shareClass: UInt8? = nil
            if case .shareClass(let c) = suffix {
                shareClass = c
            } else if type != .etf {
                shareClass = ListingNameAnalysis.shareClass(tokens)
            }
            if let builder {
                let indexCore = type == .etf && !isETF ? ListingNameAnalysis.coreRunCount(tokens, isETF: true) : core
                builder.pointee.add(
                    tokens: tokens, isETF: isETF || type == .etf, core: indexCore,
                    index: UInt32(firstIndex + listings.count))
            }

            listings.append(
                Listing(
                    symbol: symbol, name: name, exchange: exchange, type: type,
                    shareClass: shareClass, isETF: isETF, actSymbol: actSymbol, cqsSymbol: cqs,
                    nasdaqSymbol: nasdaqSymbol, financialStatus: status, roundLotSize: lot))
        }
        guard let time = footer else { return .failure(.missingFooter(lastLine: lineNo)) }
        return .success((kind, SymbolDirectory(listings: listings, creationTime: time, testIssuesSkipped: skipped)))
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
