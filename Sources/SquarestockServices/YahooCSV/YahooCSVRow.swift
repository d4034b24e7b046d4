import SquarestockCore

/// One line of a legacy Yahoo quotes.csv answer, by field code. Values stay unread until the
/// stock reader turns them into prices and times, because what a column means depends on its
/// code.
///
/// A regular line (`YahooCSVLineScanner`) is kept as its place in the answer's body, which every
/// row of the answer shares, and its fields are read from those bytes; a line only the general
/// reader could split keeps its fields as text. Either way a field reads as the same text
/// (`YahooCSVFieldText`), so a row means the same whichever path made it.
package struct YahooCSVRow: Sendable, Equatable {
    package var symbol: String
    /// The answer's f= codes, resolved; one per field.
    package let layout: YahooColumnLayout
    private let storage: Storage

    private enum Storage: Sendable {
        /// The bytes from `start` to `end` (the terminator excluded) of the answer's body.
        case line(body: [UInt8], start: Int, end: Int)
        /// The fields as text (trimmed, cleaned), one per code.
        case texts([String])
    }

    /// A regular line of `body`, as `YahooCSVLineScanner` accepted it.
    init(symbol: String, layout: YahooColumnLayout, body: [UInt8], start: Int, end: Int) {
        self.symbol = symbol
        self.layout = layout
        storage = .line(body: body, start: start, end: end)
    }

    /// A line the general reader split, its fields as text.
    init(symbol: String, layout: YahooColumnLayout, texts: [String]) {
        self.symbol = symbol
        self.layout = layout
        storage = .texts(texts)
    }

    package init(symbol: String, codes: [String], fields: [String]) {
        self.init(symbol: symbol, layout: YahooColumnLayout(codes: codes), texts: fields)
    }

    /// A row from code-value pairs (tests).
    package init(symbol: String, values: [String: String]) {
        let codes = values.keys.sorted()
        self.init(symbol: symbol, codes: codes, fields: codes.map { values[$0]! })
    }

    /// The f= codes, as asked; a repeated code's first field is the one read.
    package var codes: [String] { layout.codes }

    /// The fields as text (trimmed, cleaned), one per code.
    package var fields: [String] {
        var out: [String] = []
        forEachField { _, bytes, isText in
            out.append(isText ? String(decoding: bytes, as: UTF8.self) : YahooCSVFieldText.text(bytes))
        }
        return out
    }

    /// Calls `body` with each field's column and bytes, in order. `isText` says the bytes are the
    /// field's text already; otherwise they are its content in the body (quotes excluded), whose
    /// text is `YahooCSVFieldText.text` of them. A reader that finds what it wants in the bytes
    /// themselves (a plain number, a date) needs no text: such bytes are clean ASCII, their own text.
    @inline(__always)
    func forEachField(_ body: (_ column: Int, _ bytes: UnsafeRawBufferPointer, _ isText: Bool) -> Void) {
        switch storage {
        case .line(let bytes, let start, let end):
            bytes.withUnsafeBytes { raw in
                YahooCSVLineScanner.forEachField(in: raw, from: start, to: end) { body($0, $1, false) }
            }
        case .texts(let texts):
            for k in texts.indices {
                var text = texts[k]
                text.withUTF8 { body(k, UnsafeRawBufferPointer($0), true) }
            }
        }
    }

    /// The field of `code` as text; nil when it is absent or a missing-value token (`N/A`).
    package func text(_ code: String) -> String? {
        guard let column = layout.column(of: code) else { return nil }
        let v = fields[column]
        return v.withBytes { FieldParsing.isMissing($0) } ? nil : v
    }

    /// The field of `code` as a number (`humanNumber`); nil when absent, missing or not a number.
    package func number(_ code: String) -> ExactDecimal? {
        guard let column = layout.column(of: code) else { return nil }
        if case .number(let d) = fields[column].withBytes({ FieldParsing.humanNumber($0) }) { return d }
        return nil
    }

    package static func == (a: YahooCSVRow, b: YahooCSVRow) -> Bool {
        a.symbol == b.symbol && a.codes == b.codes && a.fields == b.fields
    }
}
