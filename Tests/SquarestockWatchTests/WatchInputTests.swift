import Testing

@testable import SquarestockCore
@testable import SquarestockWatch

/// Where symbols, keys and the header's zone come from.
struct WatchInputTests {
    @Test func watchlistFilesAndTheConfigList() {
        let file = WatchList.parseFile(
            """
            # my list
            AAPL
            msft   # the second one
              7203.T

            BRK.B, ^GSPC
            bad symbol!
            """, name: "list.txt")
        #expect(file.map(\.text) == ["AAPL", "msft", "7203.T", "BRK.B", "^GSPC", "bad", "symbol!"])
        #expect(file.last?.origin == "list.txt:7")
        let config = WatchList.parseConfig("AIR.PA, vod.l,,TSLA")
        #expect(config.map(\.text) == ["AIR.PA", "vod.l", "TSLA"])

        let cli = [WatchList.Item(text: "tsla", origin: "argument"), WatchList.Item(text: "AAPL", origin: "argument")]
        let ok = WatchList.resolve(commandLine: cli, file: Array(file.prefix(5)), config: config)
        #expect(ok.symbols == ["TSLA", "AAPL", "MSFT", "7203.T", "BRK.B", "^GSPC"])
        #expect(ok.problems.isEmpty)
        // The config's list is the default only.
        #expect(WatchList.resolve(commandLine: [], file: [], config: config).symbols == ["AIR.PA", "VOD.L", "TSLA"])
        let bad = WatchList.resolve(commandLine: [], file: file, config: [])
        #expect(
            bad.problems == [
                "list.txt:7: 'symbol!': not a valid symbol: use letters, digits and . - ^ = _ (e.g. AAPL, BRK.B, 7203.T, ^GSPC)"
            ])
    }

    @Test func keys() {
        #expect(WatchKey.decode(Array("qrspQ".utf8)) == [.quit, .refresh, .sort, .pause, .quit])
        #expect(WatchKey.decode([0x03, 0x0C, 0x04]) == [.quit, .redraw, .quit])
        // Up arrow scrolls; function keys are skipped whole: no stray "A" or "P" (F1 is ESC O P).
        #expect(
            WatchKey.decode([0x1B, 0x5B, 0x41, 0x72, 0x1B, 0x4F, 0x50, 0x1B, 0x5B, 0x31, 0x35, 0x7E, 0x73]) == [
                .scroll(-1), .refresh, .sort,
            ])
        #expect(WatchKey.decode([0x1B]) == [])
        #expect(WatchKey.decode(Array("x1\n".utf8)) == [])
        // Down, PgDn, PgUp, Home; j, k, space, g.
        #expect(
            WatchKey.decode([0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x36, 0x7E, 0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x48]) == [
                .scroll(1), .page(1), .page(-1), .top,
            ])
        #expect(WatchKey.decode(Array("jk g".utf8)) == [.scroll(1), .scroll(-1), .page(1), .top])
    }

    @Test func localZone() {
        #expect(UserTimeZone.identifier(environment: ["TZ": "Europe/Berlin"], localtimeTarget: nil) == "Europe/Berlin")
        #expect(
            UserTimeZone.identifier(environment: ["TZ": ":America/New_York"], localtimeTarget: nil)
                == "America/New_York")
        #expect(
            UserTimeZone.identifier(environment: ["TZ": "/usr/share/zoneinfo/Asia/Tokyo"], localtimeTarget: nil)
                == "Asia/Tokyo")
        #expect(
            UserTimeZone.identifier(environment: [:], localtimeTarget: "/usr/share/zoneinfo/Europe/Warsaw")
                == "Europe/Warsaw")
        #expect(UserTimeZone.identifier(environment: [:], localtimeTarget: nil) == "UTC")
        #expect(UserTimeZone.current(environment: ["TZ": "Not/AZone"], localtimeTarget: nil)?.identifier != nil)
        // POSIX rules a zone file has exactly (`date` honours them; they fell back to UTC).
        for (tz, zone) in [
            ("UTC-3", "Etc/GMT-3"), ("<+07>-7", "Etc/GMT-7"), ("XYZ5", "Etc/GMT+5"), ("GMT0", "UTC"),
            ("EST5EDT,M3.2.0,M11.1.0", "EST5EDT"), ("PST8PDT", "PST8PDT"), ("Europe/Berlin", "Europe/Berlin"),
            ("EST", "EST"), ("<+0530>-5:30", "<+0530>-5:30"),
        ] {
            #expect(UserTimeZone.identifier(environment: ["TZ": tz], localtimeTarget: nil) == zone, "\(tz)")
        }
        #expect(UserTimeZone.current(environment: ["TZ": "UTC-3"], localtimeTarget: nil)?.identifier == "Etc/GMT-3")
    }

    /// A POSIX rule no zone file is named after is read as the rule itself, as `date` reads it:
    /// `CET-1CEST,...` and `<+0330>-3:30` were taken as UTC, without a word.
    @Test func aPosixRuleWithoutAZoneFileIsItsOwnZone() throws {
        let winter = Instant(secondsSinceEpoch: 1_795_791_600)  // 2026-11-27T15:00:00Z
        let summer = Instant(secondsSinceEpoch: 1_781_362_800)  // 2026-06-13T15:00:00Z
        let cet = try #require(
            UserTimeZone.current(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"], localtimeTarget: nil))
        #expect(cet.offsetSeconds(at: winter) == 3600 && cet.offsetSeconds(at: summer) == 7200)
        #expect(cet.abbreviation(at: winter) == "CET" && cet.abbreviation(at: summer) == "CEST")
        // The EU change: 01:00 UTC on the last Sunday of March 2026 (the 29th).
        let change = Instant(secondsSinceEpoch: 1_774_746_000)
        #expect(cet.offsetSeconds(at: change.adding(seconds: -1)) == 3600 && cet.offsetSeconds(at: change) == 7200)
        // A US name with other rules than tzdata's keeps them: 2026-03-23 00:00 UTC is 19:00 EST
        // (the change on the first Sunday of April), not 20:00 EDT.
        let april = try #require(
            UserTimeZone.current(environment: ["TZ": "EST5EDT,M4.1.0,M10.5.0"], localtimeTarget: nil))
        #expect(april.offsetSeconds(at: Instant(secondsSinceEpoch: 1_774_224_000)) == -18_000)
        let tehran = try #require(UserTimeZone.current(environment: ["TZ": "<+0330>-3:30"], localtimeTarget: nil))
        #expect(tehran.offsetSeconds(at: winter) == 12_600 && tehran.abbreviation(at: winter) == "UTC+3:30")
        #expect(UserTimeZone.unknownWarning(environment: ["TZ": "<+0330>-3:30"], localtimeTarget: nil) == nil)
        #expect(UserTimeZone.unknownWarning(environment: ["TZ": "Europe/Paris"], localtimeTarget: nil) == nil)
        let warning = UserTimeZone.unknownWarning(environment: ["TZ": "Not/AZone"], localtimeTarget: nil)
        #expect(
            warning?.hasPrefix("warning: TZ=Not/AZone is no time zone squarestock knows") == true, "\(warning ?? "")")
    }
}
