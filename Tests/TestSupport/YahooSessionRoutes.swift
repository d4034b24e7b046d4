/// The two answers a Yahoo session starts with, as Yahoo sends them: fc.yahoo.com's 404 that
/// sets the A3 cookie (the recorded header), then the crumb. Loopback servers that speak Yahoo's
/// quote endpoints add these before their own routes.
public enum YahooSessionRoutes {
    public static let crumb = "haT3oykhHqZ"

    public static func add(to routes: RouteTable, setsCookie: Bool = true, crumb: LoopbackResponse = .text(crumb)) {
        let cookie = Fixture.text("yahoo-json/session/issue-quoted__fc.yahoo.com_Set-Cookie-A3_2025-06-09.txt")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        routes.add(
            path: "/",
            response: LoopbackResponse(
                status: 404, headers: setsCookie ? [("Set-Cookie", cookie)] : [], body: Array("Not Found".utf8)))
        routes.add(path: "/v1/test/getcrumb", response: crumb)
    }
}
