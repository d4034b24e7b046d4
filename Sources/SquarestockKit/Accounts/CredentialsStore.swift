import Foundation
import SquarestockCore
import SquarestockServices

#if canImport(Glibc)
    import Glibc
#endif

/// Exchange keys on disk: `$XDG_CONFIG_HOME/squarestock/credentials` (else
/// `~/.config/squarestock/credentials`), one `exchange.key = ...` and `exchange.secret = ...`
/// line each, a multi-line secret (a PEM key) with its line ends written `\n`. Owner-only
/// (mode 600), written atomically (`PrivateFileStore`); a file that group or others may read is
/// refused with the `chmod` that fixes it. The environment's variables win over the file.
public struct CredentialsStore: Sendable {
    public let path: String?
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
        path = ConfigFile.path(environment: environment).map {
            String($0.dropLast("config".count)) + "credentials"
        }
    }

    /// The folder of the credentials (and of files an exchange keeps beside them).
    public var folder: String? { path.map { String($0.dropLast("/credentials".count)) } }

    /// The key for `exchange`: both environment `variables` (the exchange's, from its service),
    /// else the file; registered with the redactor so no message can show it from here on.
    package func credentials(_ exchange: String, variables vars: (key: String, secret: String)) -> Result<
        ExchangeCredentials, AccountError
    > {
        if let key = environment[vars.key], !key.isEmpty, let secret = environment[vars.secret], !secret.isEmpty {
            return .success(Self.registered(ExchangeCredentials(key: key, secret: Self.unescaped(secret))))
        }
        let missing = AccountError.noCredentials(exchange: exchange, variables: [vars.key, vars.secret])
        switch entries() {
        case .failure(let e): return .failure(e)
        case .success(let entries):
            // An empty value is no key: it signed requests that named no key.
            guard let key = entries[exchange + ".key"], !key.isEmpty, let secret = entries[exchange + ".secret"],
                !secret.isEmpty
            else {
                return .failure(missing)
            }
            return .success(Self.registered(ExchangeCredentials(key: key, secret: Self.unescaped(secret))))
        }
    }

    /// Saves (replaces) `exchange`'s key, keeping the others.
    public func save(_ credentials: ExchangeCredentials, for exchange: String) -> Result<String, AccountError> {
        update { entries in
            entries[exchange + ".key"] = credentials.key
            entries[exchange + ".secret"] = Self.escaped(credentials.secret)
        }
    }

    /// Removes `exchange`'s key; true when there was one.
    public func remove(_ exchange: String) -> Result<Bool, AccountError> {
        var had = false
        return update { entries in
            had = entries.removeValue(forKey: exchange + ".key") != nil
            had = entries.removeValue(forKey: exchange + ".secret") != nil || had
        }.map { _ in had }
    }

    private func update(_ change: (inout [String: String]) -> Void) -> Result<String, AccountError> {
        guard let path else {
            return .failure(.unsafeCredentialsFile(path: "(none)", problem: "neither XDG_CONFIG_HOME nor HOME is set"))
        }
        var entries: [String: String]
        switch self.entries() {
        case .success(let e): entries = e
        case .failure(let e): return .failure(e)
        }
        change(&entries)
        let text =
            "# squarestock exchange keys: owner-only; see `squarestock account login`.\n"
            + entries.keys.sorted().map { "\($0) = \(entries[$0]!)\n" }.joined()
        do {
            try PrivateFileStore.write(Array(text.utf8), to: path)
        } catch {
            return .failure(.unsafeCredentialsFile(path: path, problem: error.description))
        }
        return .success(path)
    }

    /// The file's `name = value` lines; empty when there is no file; an error when others may
    /// read it or it is not a regular file of this user.
    func entries() -> Result<[String: String], AccountError> {
        guard let path else { return .success([:]) }
        // O_NONBLOCK: a FIFO put in the file's place must not block the open (or the read).
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return .success([:]) }
            return .failure(
                .unsafeCredentialsFile(path: path, problem: "it cannot be opened (a link, or no permission)"))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            return .failure(.unsafeCredentialsFile(path: path, problem: "it is not a regular file"))
        }
        if st.st_uid != geteuid() {
            return .failure(.unsafeCredentialsFile(path: path, problem: "it belongs to another user"))
        }
        if st.st_mode & 0o077 != 0 {
            return .failure(
                .unsafeCredentialsFile(
                    path: path,
                    problem:
                        "other users may read it (mode \(String(st.st_mode & 0o777, radix: 8))); run `chmod 600 \(path)`"
                ))
        }
        // Read from the descriptor just checked, never the path again (it could be swapped).
        guard let bytes = Self.readAll(fd, limit: 64 * 1024) else {
            return .failure(.unsafeCredentialsFile(path: path, problem: "it cannot be read, or is over 64 KiB"))
        }
        var out: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.hasPrefix("#"), let eq = text.firstIndex(of: "=") else { continue }
            out[text[..<eq].trimmingCharacters(in: .whitespaces)] = text[text.index(after: eq)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return .success(out)
    }

    /// A regular file's bytes from `fd`, nil past `limit` or on a read error.
    static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return out }
            out += buffer[0..<n]
            if out.count > limit { return nil }
        }
    }

    static func registered(_ c: ExchangeCredentials) -> ExchangeCredentials {
        SecretRedactor.shared.register(c.key)
        SecretRedactor.shared.register(c.secret)
        for line in c.secret.split(separator: "\n") where !line.hasPrefix("-----") {
            SecretRedactor.shared.register(String(line))
        }
        return c
    }

    /// A PEM key in one line: line ends as `\n` (also how the environment usually carries it).
    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func unescaped(_ s: String) -> String {
        var out = ""
        var escape = false
        for c in s {
            if escape {
                out.append(c == "n" ? "\n" : c)
                escape = false
            } else if c == "\\" {
                escape = true
            } else if c != "\r" {
                out.append(c)
            }
        }
        return out
    }
}
