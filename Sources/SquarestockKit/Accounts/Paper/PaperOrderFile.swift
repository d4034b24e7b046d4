import SquarestockCore

#if canImport(Glibc)
    import Glibc
#endif

/// The paper account's orders, open and past: one tab-separated line an order in an owner-only
/// file beside the ledger. Every change reads, changes and rewrites the file under an exclusive
/// `flock` held across the fill's ledger write, so two paper commands at once cannot fill one
/// order twice or lose one.
struct PaperOrderFile {
    let path: String
    let exchange: String

    static let columns = 11

    /// Runs `body` on the orders with the file locked, then writes them back when `body` changed
    /// them (in place: the lock is the file's own).
    func update<T>(_ body: (inout [AccountOrder]) -> Result<T, AccountError>) -> Result<T, AccountError> {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .failure(problem("cannot open \(path): \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else {
            return .failure(problem("cannot lock \(path): \(String(cString: strerror(errno)))"))
        }
        defer { flock(fd, LOCK_UN) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(problem("cannot read \(path)")) }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        var orders: [AccountOrder] = []
        for (i, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let o = Self.order(String(line)) else {
                return .failure(problem("line \(i + 1) of \(path) is not an order squarestock wrote"))
            }
            orders.append(o)
        }
        let before = orders
        let result = body(&orders)
        guard orders != before else { return result }
        let text = orders.map(Self.line).joined()
        let out = Array(text.utf8)
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
            return .failure(problem("cannot write \(path)"))
        }
        var written = 0
        while written < out.count {
            let n = out[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return .failure(problem("cannot write \(path)")) }
            written += n
        }
        guard fsync(fd) == 0 else { return .failure(problem("cannot write \(path)")) }
        return result
    }

    /// The orders as they are (locked while read).
    func current() -> Result<[AccountOrder], AccountError> { update { .success($0) } }

    func problem(_ text: String) -> AccountError { .rejected(exchange: "the \(exchange) paper account", message: text) }

    static func line(_ o: AccountOrder) -> String {
        [
            o.id, o.pair?.symbol ?? o.pairName, o.side == .buy ? "buy" : "sell", o.type, o.amount.description,
            o.filled.description, o.price?.description ?? "", o.averagePrice?.description ?? "", o.status.rawValue,
            o.opened.map { String($0.secondsSinceEpoch) } ?? "", o.closed.map { String($0.secondsSinceEpoch) } ?? "",
        ].joined(separator: "\t") + "\n"
    }

    static func order(_ line: String) -> AccountOrder? {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == columns, let pair = TradingPair(symbol: f[1]), let amount = ExactDecimal(f[4]),
            let filled = ExactDecimal(f[5]), let status = OrderStatus(rawValue: f[8])
        else { return nil }
        return AccountOrder(
            id: f[0], pair: pair, pairName: f[1], side: f[2] == "buy" ? .buy : .sell, type: f[3], amount: amount,
            filled: filled, price: ExactDecimal(f[6]), averagePrice: ExactDecimal(f[7]), status: status,
            opened: Int64(f[9]).map { Instant(secondsSinceEpoch: $0) },
            closed: Int64(f[10]).map { Instant(secondsSinceEpoch: $0) })
    }
}
