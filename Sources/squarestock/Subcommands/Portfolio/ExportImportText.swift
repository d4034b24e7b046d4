import SquarestockCore
import SquarestockPortfolio
import SquarestockRendering

/// The preview of an export's import: the entries it would record, each marked with its row's
/// line and whether it is new or already imported; then every row passed over, folded or refused,
/// with why; then the counts.
enum ExportImportText {
    static func preview(_ plan: ExportImportPlan) -> String {
        // What each line's record holds, for the rows folded into it (one look-up, not a scan a row).
        var kinds: [Int: [EntryKind]] = [:]
        for r in plan.records where kinds[r.line] == nil { kinds[r.line] = r.entries.map(\.kind) }
        let isDividend = { (line: Int) in kinds[line]?.contains(.dividend) ?? false }
        var entries: [JournalEntry] = []
        var marks: [String] = []
        var others: [(line: Int, cells: [String])] = []
        for (i, (r, s)) in zip(plan.records, plan.status).enumerated() {
            let line = r.reference ?? "line \(r.line)"
            switch s {
            case .new, .imported:
                let mark = s == .new ? "new, " : plan.undone.contains(i) ? "undone, " : "imported, "
                for e in r.entries {
                    entries.append(e)
                    marks.append(mark + line)
                }
            case .skipped(let why): others.append((r.line, [line, "skipped", why]))
            case .refused(let why): others.append((r.line, [line, "refused", why]))
            case .merged(let into):
                let target = kinds[into] ?? []
                let what =
                    isDividend(into)
                    ? "the tax withheld from the dividend on line \(into)"
                    : target.contains(.buy) || target.contains(.sell)
                        ? "a leg of the trade on line \(into) (its cash or fee)" : "part of the row on line \(into)"
                others.append((r.line, [line, "folded", what]))
            }
        }
        var out = entries.isEmpty ? "" : LedgerWriters.historyTable(entries, marks: marks)
        if !others.isEmpty {
            let rows = others.sorted { $0.line < $1.line }.map(\.cells)
            out += (out.isEmpty ? "" : "\n") + AlignedColumns.render(rows, rightAligned: [])
        }
        let count = { (match: (ExportImportPlan.Status) -> Bool) in plan.status.filter(match).count }
        let imported = count { $0 == .imported }
        let skipped = count { if case .skipped = $0 { true } else { false } }
        let intoDividends = count { if case .merged(let l) = $0 { isDividend(l) } else { false } }
        let intoOthers = count { if case .merged(let l) = $0 { !isDividend(l) } else { false } }
        var parts = ["\(plan.new) new"]
        if imported > 0 {
            parts.append(
                "\(imported) already imported"
                    + (plan.undone.isEmpty ? "" : " (\(plan.undone.count) of them undone since)"))
        }
        if intoDividends > 0 { parts.append("\(intoDividends) folded into a dividend") }
        if intoOthers > 0 { parts.append("\(intoOthers) folded into the trade or transfer they are part of") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        if plan.refused > 0 { parts.append("\(plan.refused) refused") }
        out +=
            "\n\(plan.records.count) \(plan.format == nil ? "event" : "row")\(plan.records.count == 1 ? "" : "s") (\(plan.title)): "
            + parts.joined(separator: ", ")
        if plan.new == 0 {
            out += "; nothing to import\n"
        } else if plan.refused > 0 {
            out +=
                plan.format == nil
                ? "; with refused events nothing is recorded: --yes --skip-refused records the others\n"
                : "; a file with refused rows imports nothing: --yes --skip-refused imports the others\n"
        } else {
            out += "; run again with --yes to import\n"
        }
        for n in rowNotes(plan) + undoneNote(plan) { out += "note: " + n + "\n" }
        return out
    }

    /// The rows of an earlier import that `undo` reversed, which stay out (`ImportPreview`'s words).
    static func undoneNote(_ plan: ExportImportPlan) -> [String] {
        ExportImportPlan.undoneNote(plan.undone.count).map { [$0] } ?? []
    }

    /// The notes of the rows to be imported, each with its line.
    static func rowNotes(_ plan: ExportImportPlan) -> [String] {
        zip(plan.records, plan.status).flatMap { r, s in
            s == .new ? r.notes.map { (r.reference ?? "line \(r.line)") + ": " + $0 } : []
        }
    }
}
