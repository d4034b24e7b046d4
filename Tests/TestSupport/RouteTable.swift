import Foundation

/// Lets a test declare canned responses per URL, including scripted sequences for retry logic,
/// instead of hand-writing a handler with a switch.
public final class RouteTable: @unchecked Sendable {
    private struct Route {
        var method: String
        var path: String
        var queryContains: [String]
        var responses: [LoopbackResponse]
        var served = 0
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private var notFoundOverride: LoopbackResponse?

    /// By default unmatched GETs get a plain-text 404 naming the request, which makes a wrong
    /// URL in the client obvious from its error message.
    public init(notFound: LoopbackResponse? = nil) {
        notFoundOverride = notFound
    }

    /// Each `queryContains` entry must equal a whole `&`-separated query item, raw or
    /// percent-decoded (`"s=aapl.us"`, `"h"`), so `s=aapl.us` does not also match `ss=aapl.us`.
    /// When several routes match, the one with the most query conditions wins; ties go to the
    /// earliest added.
    public func add(
        method: String = "GET", path: String, queryContains: [String] = [], response: LoopbackResponse
    ) {
        add(method: method, path: path, queryContains: queryContains, responses: [response])
    }

    /// Answers with the responses in order, then repeats the last one (e.g. 503, then 200 forever).
    public func add(
        method: String = "GET", path: String, queryContains: [String] = [], responses: [LoopbackResponse]
    ) {
        precondition(!responses.isEmpty, "a route needs at least one response")
        lock.lock()
        routes.append(Route(method: method, path: path, queryContains: queryContains, responses: responses))
        lock.unlock()
    }

    /// Pass to `LoopbackHTTPServer(handler:)`; it keeps this table alive.
    public var handler: @Sendable (LoopbackRequest) -> LoopbackResponse {
        { [self] request in respond(to: request) }
    }

    /// A path routed only for other methods gets 405; an unrouted path gets 404 for GET and 405
    /// for anything else (HEAD included), since a test server should not guess at semantics.
    public func respond(to request: LoopbackRequest) -> LoopbackResponse {
        let items = Self.matchableItems(request.query)
        lock.lock()
        defer { lock.unlock() }
        let matching = routes.indices.filter {
            routes[$0].path == request.path && routes[$0].queryContains.allSatisfy(items.contains)
        }
        var best: Int?
        for index in matching where routes[index].method == request.method {
            if best.map({ routes[index].queryContains.count > routes[$0].queryContains.count }) ?? true {
                best = index
            }
        }
        if let best {
            let route = routes[best]
            routes[best].served += 1
            return route.responses[min(route.served, route.responses.count - 1)]
        }
        if !matching.isEmpty {
            var allowed: [String] = []
            for index in matching where !allowed.contains(routes[index].method) { allowed.append(routes[index].method) }
            return Self.methodNotAllowed(request, allow: allowed)
        }
        if request.method == "GET" {
            return notFoundOverride ?? .text("404 no route for GET \(request.target)\n", status: 404)
        }
        return Self.methodNotAllowed(request, allow: ["GET"])
    }

    private static func methodNotAllowed(_ request: LoopbackRequest, allow: [String]) -> LoopbackResponse {
        var response = LoopbackResponse.text("405 no route for \(request.method) \(request.target)\n", status: 405)
        response.headers.append(("Allow", allow.joined(separator: ", ")))
        return response
    }

    private static func matchableItems(_ query: String?) -> Set<String> {
        var items = Set<String>()
        for item in LoopbackRequest.rawQueryItems(query) {
            items.insert(String(item))
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            items.insert(parts.map(LoopbackRequest.percentDecoded).joined(separator: "="))
        }
        return items
    }
}
