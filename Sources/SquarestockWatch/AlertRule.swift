import SquarestockCore

/// One `--alert` threshold, such as `AAPL>200` (price) or `MSFT<-2%` (change %), parsed once
/// so a typo is a usage error at start rather than an alert that silently never fires.
///
/// Grammar: `SYMBOL OP NUMBER [%]` with `OP` one of `>`, `<`, `>=`, `<=`, spaces allowed around
/// the parts; a trailing `%` compares the change % instead of the price. Numbers are exact
/// decimals, so `AAPL>200.10` means exactly that.
package struct AlertRule: Sendable, Equatable, CustomStringConvertible {
    /// What the threshold is compared with: the price, or the change % (a trailing `%`).
    package enum Metric: Sendable, Equatable {
        case price
        case changePercent
    }

    /// The operator as written; strict ones (`>`, `<`) do not fire on an exact hit.
    package enum Comparison: String, Sendable, Equatable {
        case above = ">"
        case below = "<"
        case atLeast = ">="
        case atMost = "<="
    }

    package var symbol: String
    package var metric: Metric
    package var comparison: Comparison
    package var threshold: ExactDecimal

    package init(symbol: String, metric: Metric, comparison: Comparison, threshold: ExactDecimal) {
        self.symbol = symbol
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
    }

    /// The rule in canonical form: `AAPL>200`, `MSFT<-2%`.
    package var description: String {
        symbol + comparison.rawValue + threshold.description + (metric == .changePercent ? "%" : "")
    }

    package static func parse(_ text: String) -> Result<AlertRule, AlertRuleError> {
        let compact = String(text.unicodeScalars.filter { $0 != " " && $0 != "\t" })
        guard let opStart = compact.firstIndex(where: { $0 == ">" || $0 == "<" }) else {
            return .failure(AlertRuleError(rule: text, problem: "no comparison; write SYMBOL>VALUE or SYMBOL<VALUE"))
        }
        let rawSymbol = String(compact[..<opStart])
        // `AAPL=>5` is a comparison typed backwards, not a symbol `AAPL=` (no symbol ends in `=`).
        if rawSymbol.hasSuffix("="), let op = compact[opStart...].first {
            return .failure(
                AlertRuleError(rule: text, problem: "'=\(op)' is not a comparison; write \(op)= (AAPL\(op)=200)"))
        }
        var rest = compact[opStart...]
        let comparison: Comparison
        if rest.hasPrefix(">=") {
            comparison = .atLeast
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("<=") {
            comparison = .atMost
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix(">") {
            comparison = .above
            rest = rest.dropFirst()
        } else {
            comparison = .below
            rest = rest.dropFirst()
        }
        var metric = Metric.price
        if rest.hasSuffix("%") {
            metric = .changePercent
            rest = rest.dropLast()
        }
        if rest.hasPrefix("+") { rest = rest.dropFirst() }
        // The subject: a symbol, or one of the portfolio's own (`check` only).
        let symbol: String
        if rawSymbol.hasPrefix("@") {
            symbol = rawSymbol.lowercased()
            guard Self.portfolioSubjects.contains(symbol) else {
                return .failure(
                    AlertRuleError(
                        rule: text, problem: "unknown subject '\(rawSymbol)'; use @portfolio or @drawdown"))
            }
            if symbol == Self.drawdown && metric != .changePercent {
                return .failure(AlertRuleError(rule: text, problem: "a drawdown is a percent: write @drawdown>10%"))
            }
        } else {
            switch SymbolSyntax.normalize(rawSymbol) {
            case .success(let s): symbol = s
            case .failure(let e):
                return .failure(
                    AlertRuleError(
                        rule: text, problem: rawSymbol.isEmpty ? "no symbol before the comparison" : e.detail))
            }
        }
        guard !rest.isEmpty, let value = ExactDecimal(String(rest)) else {
            return .failure(AlertRuleError(rule: text, problem: "'\(rest)' is not a number"))
        }
        if metric == .price && value.isNegative {
            let problem =
                symbol == Self.portfolio
                ? "a value cannot be negative (add % for a day's change: @portfolio<-3%)"
                : "a price cannot be negative (add % for a change threshold)"
            return .failure(AlertRuleError(rule: text, problem: problem))
        }
        return .success(AlertRule(symbol: symbol, metric: metric, comparison: comparison, threshold: value))
    }

    /// `@portfolio`: the portfolio's net value in its base (`>V`) or its holdings' day change
    /// (`<-2%`); `@drawdown`: how far its growth is below the past year's peak (`>10%`).
    package static let portfolio = "@portfolio"
    package static let drawdown = "@drawdown"
    static let portfolioSubjects: Set<String> = [portfolio, drawdown]

    /// Whether it watches the portfolio rather than a symbol (only `check` evaluates those).
    package var isPortfolio: Bool { symbol.hasPrefix("@") }

    /// Whether the condition holds for `value`.
    package func holds(_ v: ExactDecimal) -> Bool {
        switch comparison {
        case .above: return v > threshold
        case .below: return v < threshold
        case .atLeast: return v >= threshold
        case .atMost: return v <= threshold
        }
    }

    /// The value this rule looks at, or nil when the source did not send it.
    package func value(in stock: Stock) -> ExactDecimal? {
        value(price: stock.price.last, changePercent: stock.price.changePercent)
    }

    /// The one of `price` and `changePercent` this rule looks at.
    package func value(price: ExactDecimal?, changePercent: ExactDecimal?) -> ExactDecimal? {
        metric == .price ? price : changePercent
    }

    /// Whether the condition holds for `stock`; nil when the value is unknown (no decision).
    package func holds(for stock: Stock) -> Bool? {
        value(in: stock).map(holds)
    }
}

extension [AlertRule] {
    /// Appends `rule` unless it is here already (`aapl > 1` is `AAPL>1`): the same rule twice
    /// would fire, ring and run its hook twice.
    package mutating func appendOnce(_ rule: AlertRule) {
        if !contains(rule) { append(rule) }
    }
}
