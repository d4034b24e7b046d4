import ArgumentParser
import SquarestockCore
import SquarestockKit
import SquarestockLive
import SquarestockRendering

#if canImport(Glibc)
    import Glibc
#endif

/// Preview, confirm, send: the one path every order takes. Nothing is sent when the local checks
/// or the user's limits found a problem, when the user does not type the confirmation on a
/// terminal, or off a terminal without `--yes`. `--dry-run` sends the order for validation only;
/// `--paper` (config `paper = true`) fills it in the paper account and sends nothing. With
/// `--format json` the preview and the messages go to standard error and standard output holds
/// one JSON object whose `placed` says whether an order was placed.
enum OrderFlow {
    static func run(_ side: TradeSide, _ o: OrderOptions) throws {
        let settings = try o.options.settings()
        // A config line not taken may be the `paper` or limit this order counts on: said first
        // (and the preview refuses the order with it, `Settings.orderLimitProblems`).
        settings.printWarnings()
        let app = SquarestockApp(settings: settings)
        let paper = o.paper || settings.paper
        let json = o.options.output.format == .json
        let say: (String) -> Void = { text in _ = json ? Terminal.writeError(text) : Terminal.writeOut(text) }
        if o.far && o.market && (paper || o.dryRun) {
            // A market order's --far lets its expected average stray from the best price, and the
            // re-read book differ from the confirmed one; the second has no meaning here.
            Terminal.writeError(
                "note: --far only lifts the limit on the expected average here: a \(paper ? "paper" : "dry-run") market order's book is not read again before it is \(paper ? "filled" : "sent")\n"
            )
        }
        let preview = try AccountOutput.value(app.preview(o.request(side), far: o.far, paper: paper))
        say(OrderPreviewText.render(preview, dryRun: o.dryRun))
        /// The JSON answer, once, whatever the ending: `placed` is true only with an id, null
        /// only when the order may have reached the exchange and its fate is unknown.
        func answer(
            _ placed: PlacedOrder?, status: String? = nil, error: AccountError? = nil, note: String? = nil,
            of shown: OrderPreview? = nil
        ) {
            guard json else { return }
            Terminal.writeOut(
                OrderResultWriter.json(
                    shown ?? preview, dryRun: o.dryRun, placed: placed, status: status,
                    unknown: error.map { if case .statusUnknown = $0 { return true } else { return false } } ?? false,
                    error: error?.message ?? note))
        }
        guard preview.problems.isEmpty else {
            answer(nil, note: "refused before sending: " + preview.problems.joined(separator: "; "))
            Terminal.writeError("squarestock: not sent: fix the problem above\n")
            throw ExitCode(ExitStatus.someFailed.rawValue)
        }
        if !o.dryRun {
            // The amount as it will be sent (rounded to the pair's step), not as typed.
            let words = "\(side == .buy ? "buy" : "sell") \(preview.request.amount)"
            do { try confirm(words, yes: o.yes, what: paper ? "paper order" : "order") } catch {
                answer(nil, note: "not confirmed; nothing was sent")
                throw error
            }
        }
        if paper {
            guard !o.dryRun else {
                say("not placed: a dry run of a paper order; nothing was filled or sent\n")
                return answer(nil)
            }
            let outcome = app.placePaper(preview)
            if case .failure(let e) = outcome { answer(nil, error: e) }
            let (placed, status) = try AccountOutput.value(outcome)
            say(
                "placed in the paper account: \(placed.ids.joined(separator: ", ")), \(status.rawValue)"
                    + (placed.description.map { " (" + $0 + ")" } ?? "")
                    + "; see it with `squarestock account --paper --exchange \(preview.exchange)`\n")
            return answer(placed, status: status.rawValue)
        }
        if !o.dryRun {
            // The confirmation may have waited: a market order's book is read again first.
            let rechecked = app.recheck(preview, far: o.far)
            guard rechecked.problems.isEmpty else {
                answer(
                    nil, note: "refused before sending: " + rechecked.problems.joined(separator: "; "), of: rechecked)
                for problem in rechecked.problems { Terminal.writeError("squarestock: " + problem + "\n") }
                Terminal.writeError("squarestock: not sent: the book changed after the preview\n")
                throw ExitCode(ExitStatus.someFailed.rawValue)
            }
        }
        let sentAt = settings.now
        // One guard from the send to the status read: an interrupt says "status unknown" until
        // the exchange has answered with an id, then that the order was placed, with its id.
        var status: String?
        // An interrupt still leaves standard output its one object, saying the fate is unknown.
        let interrupted = app.interruptedInFlight("the order")
        let inFlight = OrderInFlight.unknown(
            interrupted,
            out: json
                ? OrderResultWriter.json(
                    preview, dryRun: false, placed: nil, status: nil, unknown: true, error: interrupted.message) : nil)
        let outcome =
            o.dryRun
            ? app.place(preview, dryRun: true)
            : OrderInFlight.guarding(inFlight) { message in
                let outcome = app.place(preview, dryRun: false)
                if case .success(let placed) = outcome, !placed.validatedOnly {
                    message.set(
                        "squarestock: placed: \(placed.ids.joined(separator: ", ")) (interrupted while its status "
                            + "was read); see it with `squarestock account orders --exchange \(preview.exchange)`\n",
                        out: json ? OrderResultWriter.json(preview, dryRun: false, placed: placed, status: nil) : nil)
                    // The status right after placing (a market order may have filled already).
                    status = placed.ids.first.flatMap { try? app.order(id: $0).get() }?.status.rawValue
                }
                return outcome
            }
        if case .failure(let e) = outcome { answer(nil, error: e) }
        let placed = try AccountOutput.value(outcome)
        if placed.validatedOnly {
            say(
                "not placed: \(preview.exchangeDisplayName) validated the order (nothing was placed)"
                    + (placed.description.map { ": " + $0 } ?? "") + "\n")
            answer(placed)
        } else {
            say(
                "placed: \(placed.ids.joined(separator: ", "))\(status.map { ", " + $0 } ?? "")"
                    + (placed.description.map { " (" + $0 + ")" } ?? "")
                    + "; see it with `squarestock account orders --exchange \(preview.exchange)`\n")
            answer(placed, status: status)
            if o.record || settings.recordFills { record(app, sentAt: sentAt, say: say) }
        }
    }

    /// The fill recorded in the ledger; a failure to record is said and never undoes the order.
    static func record(_ app: SquarestockApp, sentAt: Instant, say: (String) -> Void) {
        // The exchange stamps the fill at its own clock, a little before ours at worst.
        let from = Instant(secondsSinceEpoch: sentAt.secondsSinceEpoch - 5)
        switch app.recordFills(placedAt: from) {
        case .success(let (written, notes)):
            if written > 0 { say("recorded in the portfolio: \(written) \(written == 1 ? "entry" : "entries")\n") }
            for n in notes { Terminal.writeError("note: " + n + "\n") }
        case .failure(let e):
            Terminal.writeError("note: the order stands; not recorded in the portfolio: " + e.message + "\n")
        }
    }

    /// `--format csv` refused: `buy`, `sell` and `cancel` share the exchange commands' formats,
    /// but what they print is a preview and an outcome, as text or one JSON object (`--format
    /// csv` printed the text, which a script reading CSV took for rows).
    static func refuseCSV(_ format: QuoteCommand.Format?, of what: String) throws {
        guard format == .csv else { return }
        throw ValidationError(
            "\(what) is shown as text, or as one JSON object with --format json; there is no CSV of it")
    }

    /// On a terminal the user types `words` (`buy 0.01`); off one, `--yes` is required.
    static func confirm(_ words: String, yes: Bool, what: String) throws {
        if yes { return }
        guard isatty(0) == 1 else {
            Terminal.writeError(
                "squarestock: not sent: no terminal to confirm on; add --yes to send the \(what) without asking\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        Terminal.writeError("type '\(words)' to send it, anything else to stop: ")
        let typed = readLine(strippingNewline: true)?.trimmingSpaces ?? ""
        guard typed == words else {
            Terminal.writeError("squarestock: not sent\n")
            throw ExitCode(ExitStatus.someFailed.rawValue)
        }
    }
}
