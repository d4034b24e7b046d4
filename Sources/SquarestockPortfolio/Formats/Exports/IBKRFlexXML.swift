import SquarestockCore

/// Interactive Brokers' Flex Query XML (`FlexQueryResponse > FlexStatements > FlexStatement >
/// Trades/Trade, CashTransactions/CashTransaction, ...`), every value an attribute. Its `Trade`
/// and `CashTransaction` elements become the two tables the Flex CSV reader takes: the XML's
/// attribute names are the CSV's columns (`tradeDate` is `TradeDate`; `buySell` is `Buy/Sell`,
/// `currency` is `CurrencyPrimary`), so one reader, `IBKRFlexExport`, means the same in both.
/// Each element's row is its line in the file (its number in file order when elements share
/// lines). Read from the bytes: a tag's name and attributes,
/// the five named entities and numeric ones; comments, declarations and other elements
/// (`AccountInformation`, with the holder's name) are passed over, never stored.
enum IBKRFlexXML {
    /// Whether `bytes` starts as a Flex Query answer (within its first 4 KiB).
    static func isFlex(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(4096)
        return head.firstIndex(of: UInt8(ascii: "<")) != nil
            && (contains(head, "<FlexQueryResponse") || contains(head, "<FlexStatements"))
    }

    static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var i = bytes.startIndex
        while i + needle.count <= bytes.endIndex {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    struct Element {
        var name: String
        var line: Int
        var attributes: [(name: String, value: String)]
    }

    /// The elements named in `wanted`, in file order, with their attributes; nil when a tag is
    /// never closed or an attribute never ends (a cut file).
    static func elements(_ bytes: [UInt8], named wanted: Set<String>) -> [Element]? {
        var out: [Element] = []
        var line = 1
        var i = 0
        let n = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        /// Moves past `terminator`, counting lines; false when the file ends first.
        func skip(past terminator: [UInt8]) -> Bool {
            while i + terminator.count <= n {
                if bytes[i] == terminator[0], bytes[i..<(i + terminator.count)].elementsEqual(terminator) {
                    i += terminator.count
                    return true
                }
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
            return false
        }
        while i < n {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            guard b == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            i += 1
            guard i < n else { return nil }
            if bytes[i] == UInt8(ascii: "!") {
                guard skip(past: bytes[i...].starts(with: Array("!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")])
                else { return nil }
                continue
            }
            if bytes[i] == UInt8(ascii: "?") || bytes[i] == UInt8(ascii: "/") {
                guard skip(past: [UInt8(ascii: ">")]) else { return nil }
                continue
            }
            let start = i
            while i < n, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
            let name = String(decoding: bytes[start..<i], as: UTF8.self)
            let tagLine = line
            var attributes: [(String, String)] = []
            while true {
                while i < n, isSpace(bytes[i]) {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                guard i < n else { return nil }
                if bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/") {
                    guard skip(past: [UInt8(ascii: ">")]) else { return nil }
                    break
                }
                let nameStart = i
                while i < n, bytes[i] != UInt8(ascii: "="), !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                let attribute = String(decoding: bytes[nameStart..<i], as: UTF8.self)
                while i < n, isSpace(bytes[i]) { i += 1 }
                guard i < n, bytes[i] == UInt8(ascii: "=") else { return nil }
                i += 1
                while i < n, isSpace(bytes[i]) { i += 1 }
                guard i < n, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
                let quote = bytes[i]
                i += 1
                let valueStart = i
                while i < n, bytes[i] != quote {
                    if bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                guard i < n else { return nil }
                if wanted.contains(name) { attributes.append((attribute, unescaped(bytes[valueStart..<i]))) }
                i += 1
            }
            if wanted.contains(name) { out.append(Element(name: name, line: tagLine, attributes: attributes)) }
        }
        return out
    }

    /// An attribute's text with its entities replaced, as written: a value with a control or
    /// invisible character (`&#27;`) refuses its element (`table`), never cleaned into another.
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            guard raw[i] == UInt8(ascii: "&"), let semi = raw[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                out.append(raw[i])
                i += 1
                continue
            }
            let entity = String(decoding: raw[(i + 1)..<semi], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch entity {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
                }
            }
            guard let scalar else {
                out.append(raw[i])
                i += 1
                continue
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            i = semi + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The CSV column an attribute is (`buySell` is `Buy/Sell`); the name itself otherwise, as
    /// the table finds columns in any case.
    static func column(_ attribute: String, all: Set<String>) -> String {
        switch attribute {
        case "buySell": return "Buy/Sell"
        case "currency" where !all.contains("currencyPrimary"): return "CurrencyPrimary"
        default: return attribute
        }
    }

    /// The elements named `name` as a table: the union of their attributes, in order of first
    /// appearance, as its columns; nil when there is none.
    static func table(_ elements: [Element], named name: String) -> ExportTable? {
        let chosen = elements.filter { $0.name == name }
        guard let first = chosen.first else { return nil }
        var names: [String] = []
        var index: [String: Int] = [:]
        for e in chosen {
            for a in e.attributes where index[a.name] == nil {
                index[a.name] = names.count
                names.append(a.name)
            }
        }
        let all = Set(names)
        var rows: [ExportTable.Row] = []
        var hidden: [(line: Int, reason: String, row: ExportTable.Row)] = []
        for e in chosen {
            var cells = [String](repeating: "", count: names.count)
            for a in e.attributes {
                cells[index[a.name]!] = TerminalText.sanitize(a.value).trimmingCharacters(in: .whitespaces)
            }
            let row = ExportTable.Row(line: e.line, cells: cells)
            if let reason = ExportTable.hiddenCharacters(e.attributes.map(\.value)) {
                hidden.append((e.line, reason, row))
            } else {
                rows.append(row)
            }
        }
        return ExportTable(
            header: names.map { column($0, all: all) }, headerLine: first.line, rows: rows, hidden: hidden)
    }

    /// The file's records: its trades' and its cash transactions' (keyed as the Flex CSV's are,
    /// so the two exports of one account never double a row), and each corporate action refused
    /// with what records it; nil when the file is cut inside a tag.
    /// `held`: the symbols the ledger holds (`IBKRFlexExport.records`); the file's own trades'
    /// symbols are added, so a dividend names the holding its trades in the same file make.
    static func records(_ bytes: [UInt8], today: CivilDate, held: Set<String> = []) -> [ExportRecord]? {
        guard var elements = elements(bytes, named: ["Trade", "Order", "CashTransaction", "CorporateAction"]) else {
            return nil
        }
        // A file written on fewer lines than it has elements (one line, say): each element is
        // numbered in file order instead, so every record has a place of its own.
        if Set(elements.map(\.line)).count < elements.count {
            for i in elements.indices { elements[i].line = i + 1 }
        }
        // A query at the order level writes `Order` elements, at the execution level `Trade`
        // ones, or both: the executions are read when there are any, else the orders.
        let hasTrades = elements.contains { $0.name == "Trade" }
        let tables = [table(elements, named: hasTrades ? "Trade" : "Order"), table(elements, named: "CashTransaction")]
            .compactMap { $0 }
        var symbols = held
        var records: [ExportRecord] = []
        for t in tables {
            let read = IBKRFlexExport.records(t, today: today, held: symbols)
            symbols.formUnion(read.flatMap(\.entries).compactMap(\.symbol))
            records += read + t.hidden.map { ExportRecord(line: $0.line, .refused($0.reason)) }
        }
        if hasTrades {
            for e in elements where e.name == "Order" {
                records.append(ExportRecord(line: e.line, .skipped("an order's summary: its executions are read")))
            }
        }
        var splits = IBKRFlexExport.SplitRows()
        for e in elements where e.name == "CorporateAction" {
            func value(_ name: String) -> String? {
                e.attributes.first { $0.name == name && !$0.value.isEmpty }.map { TerminalText.sanitize($0.value) }
            }
            let description = value("description") ?? "no description"
            let date = value("dateTime") ?? value("reportDate")
            records.append(
                splits.record(
                    line: e.line, description: description, symbol: value("symbol"), date: date,
                    key: "ibkr:split:", today: today))
        }
        return records.sorted { $0.line < $1.line }
    }
}
