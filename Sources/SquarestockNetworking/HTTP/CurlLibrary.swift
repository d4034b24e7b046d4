import CCurl

/// libcurl, opened the first time a request or a stream needs it.
///
/// The binary does not link libcurl (see `CCurl`'s header): commands that answer from local data
/// never load it, and a machine without it still runs them. A request made where it is missing
/// fails with `TransportError.libraryMissing`, naming the package to install.
package enum CurlLibrary {
    /// Nil once libcurl is open and initialised; otherwise the reason it is not, for the user.
    package static let failure: String? = {
        var why = [CChar](repeating: 0, count: 256)
        let loaded = why.withUnsafeMutableBufferPointer { ss_curl_load($0.baseAddress, $0.count) }
        guard loaded == 0 else { return nil }
        return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
