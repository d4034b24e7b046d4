import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// One paper order as the file keeps it: the order, how many fills it has recorded (the next
/// fill's ledger key), and the opposing levels inside its price at its last look at the book
/// (a resting order fills only from what arrived since: the live book never shows the paper
/// fills, so the same levels must not fill it twice).
struct PaperOrder: Equatable {
    var order: AccountOrder
    var fills: Int
    var seen: [ExactDecimal: ExactDecimal]
}

/// The paper account's orders, open and past, one tab-separated line each, in an owner-only file
/// beside the ledger. A change holds an exclusive `flock` on a lock file of its own for the whole
/// read, fill and write (the ledger's write included), and replaces the file by renaming a
/// complete new copy over it: two paper commands at once cannot fill one order twice, and a crash
/// leaves the old file or the new one, never half of one.
struct PaperOrderFile {
    let path: String
    let exchange: String

    static let columns = 13

    func problem(_ text: String) -> AccountError { .rejected(exchange: "the \(exchange) paper account", message: text) }

    /// Held back from a fill's record in the ledger until the orders file is written
    /// (`PaperAccount.fill`): the two are one change, and an interrupt between them left them
    /// disagreeing.
    static let interrupts = SignalDeferral()

    /// Runs `body` on the orders with the lock held, then writes them back when it changed them;
    /// an interrupt held back by a fill is let go after that write (it ends the command once its
    /// output is written).
    func update<T>(_ body: (inout [PaperOrder]) -> Result<T, AccountError>) -> Result<T, AccountError> {
        defer { Self.interrupts.end() }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            return .failure(problem("cannot open \(path).lock: \(String(cString: strerror(errno)))"))
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return .failure(problem("cannot lock \(path).lock")) }
        }
        var orders: [PaperOrder]
        switch load() {
        case .success(let o): orders = o
        case .failure(let e): return .failure(e)
        }
        let before = orders
        let result = body(&orders)
        if orders != before, case .failure(let e) = save(orders) { return .failure(e) }
        return result
    }

    /// The orders as they are (read under the lock).
    func current() -> Result<[PaperOrder], AccountError> { update { .success($0) } }

    func load() -> Result<[PaperOrder], AccountError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            return errno == ENOENT
                ? .success([]) : .failure(problem("cannot read \(path): \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(problem("cannot read \(path)")) }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        var orders: [PaperOrder] = []
        for (i, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let o = Self.order(String(line)) else {
                return .failure(
                    problem(
                        "line \(i + 1) of \(path) is not a paper order squarestock wrote; move the file aside to start "
                            + "the paper orders afresh (the paper ledger keeps its fills)"))
            }
            orders.append(o)
        }
        return .success(orders)
    }

    func save(_ orders: [PaperOrder]) -> Result<Void, AccountError> {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            return .failure(problem("cannot write \(temporary): \(String(cString: strerror(errno)))"))
        }
        let out = Array(orders.map(Self.line).joined().utf8)
        var written = 0
        while written < out.count {
            let n = out[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                return .failure(problem("cannot write \(temporary): \(String(cString: strerror(errno)))"))
            }
            written += n
        }
        guard fsync(fd) == 0, close(fd) == 0, rename(temporary, path) == 0 else {
            return .failure(problem("cannot write \(path): \(String(cString: strerror(errno)))"))
        }
        return .success(())
    }

    static func line(_ p: PaperOrder) -> String {
        let o = p.order
        let seen = p.seen.keys.sorted().map { "\($0)@\(p.seen[$0]!)" }.joined(separator: ",")
        return [
            o.id, o.pair?.symbol ?? o.pairName, o.side == .buy ? "buy" : "sell", o.type, o.amount.description,
            o.filled.description, o.price?.description ?? "", o.averagePrice?.description ?? "", o.status.rawValue,
            o.opened.map { String($0.secondsSinceEpoch) } ?? "", o.closed.map { String($0.secondsSinceEpoch) } ?? "",
            String(p.fills), seen,
        ].joined(separator: "\t") + "\n"
    }

    static func order(_ line: String) -> PaperOrder? {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == columns, let pair = TradingPair(symbol: f[1]), let amount = ExactDecimal(f[4]),
            let filled = ExactDecimal(f[5]), let status = OrderStatus(rawValue: f[8]), let fills = Int(f[11])
        else { return nil }
        var seen: [ExactDecimal: ExactDecimal] = [:]
        for item in f[12].split(separator: ",") {
            let parts = item.split(separator: "@")
            guard parts.count == 2, let price = ExactDecimal(String(parts[0])),
                let size = ExactDecimal(String(parts[1]))
            else { return nil }
            seen[price] = size
        }
        let order = AccountOrder(
            id: f[0], pair: pair, pairName: f[1], side: f[2] == "buy" ? .buy : .sell, type: f[3], amount: amount,
            filled: filled, price: ExactDecimal(f[6]), averagePrice: ExactDecimal(f[7]), status: status,
            opened: Int64(f[9]).map { Instant(secondsSinceEpoch: $0) },
            closed: Int64(f[10]).map { Instant(secondsSinceEpoch: $0) })
        return PaperOrder(order: order, fills: fills, seen: seen)
    }
}
