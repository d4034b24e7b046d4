// swift-tools-version:6.1
import PackageDescription

/// SQLite goes into the tool itself (Debian's libsqlite3.a, from libsqlite3-dev) rather than being
/// loaded at start: only the portfolio uses it, and every other command would pay for loading it.
/// GRDB's module map links `-lsqlite3`; `Linker/libsqlite3.so` is a one-line linker script that
/// answers that name with the static archive (search paths given with -L apply to every -l).
let sqliteLinkedIn: [LinkerSetting] = [
    .unsafeFlags(["-L", Context.packageDirectory + "/Linker"], .when(platforms: [.linux]))
]

/// How the tool is linked so that starting it costs little (issue 30; BENCHMARKS.md has the
/// measurements): LLVM's lld (shipped with the Swift toolchain) packs the ~98,000 relative
/// relocations of a position-independent binary into a 20 KB bitmap (`DT_RELR`, glibc 2.36+)
/// instead of 2.4 MB of entries the loader reads and applies one by one, and
/// `Linker/squarestock.exports` keeps every symbol of ours out of the dynamic symbol table, and
/// `Linker/libstdc++.so` (a one-line linker script, like `libsqlite3.so`) answers `-lstdc++` with
/// GCC's static archive, so the loader no longer maps and relocates libstdc++ at every start
/// (about 1.2 ms; the GCC runtime library exception allows it). Our copy's symbols stay hidden,
/// so ICU, when it is opened, binds to the system's libstdc++ as before. The binary stays
/// position-independent (address-space randomisation is kept).
let startupLinking: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--version-script=" + Context.packageDirectory + "/Linker/squarestock.exports",
        ], .when(platforms: [.linux]))
]

let package = Package(
    name: "squarestock",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "squarestock", targets: ["squarestock"]),
        .library(name: "SquarestockKit", targets: ["SquarestockKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // HMAC-SHA512 and SHA-256 (Kraken's request signatures), P-256 ECDSA (Coinbase's JWTs).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The portfolio ledger's SQLite (the system libsqlite3, Debian: libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // Tests only: property-based checks of the parsers.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Benchmark peers, used only by the squarestock-bench target (never by the tool).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        // libcurl, opened with dlopen on first use rather than linked (a command that answers from
        // local data never loads it or the two dozen libraries it brings); its headers come from
        // libcurl4-openssl-dev at build time. The header holds typed wrappers for curl's variadic calls.
        .target(name: "CCurl"),
        // System ICU (libicu-dev) behind a header of plain C types: Foundation carries its own
        // ICU module, and importing the system headers into Swift clashes with it. Also opened on
        // first use: zone offsets come from the system's tz database, so most commands never need it.
        .target(name: "CICUShim"),
        // sqlite3_config, which takes `...`, behind a typed wrapper: the ledger turns SQLite's
        // memory statistics off before its first connection (a mutex on every allocation).
        .target(name: "CSQLiteShim"),
        // The commit a packaged build was made from (`squarestock --version`), given by
        // Packaging/build.sh as a C macro.
        .target(name: "CBuildInfo"),
        // The layers, bottom up; ARCHITECTURE.md says what each holds and may import. A target
        // lists every target it imports, and CI builds with the import check on, so a reference
        // that runs the wrong way (rendering naming a service, say) does not build.
        // Models, exact numbers, time and zones, byte parsing, text and file helpers.
        .target(
            name: "SquarestockCore",
            dependencies: ["CICUShim"]
        ),
        // HTTP over libcurl: transport, retry policy, recording.
        .target(
            name: "SquarestockNetworking",
            dependencies: ["SquarestockCore", "CCurl", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Venues, exchange calendars and market status.
        .target(
            name: "SquarestockMarket",
            dependencies: ["SquarestockCore", "CICUShim"]
        ),
        // One folder per quote or history service, plus what they share (Common/).
        .target(
            name: "SquarestockServices",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The offline symbol directory, its index and fuzzy search.
        .target(
            name: "SquarestockSearch",
            dependencies: ["SquarestockCore", "SquarestockNetworking"]
        ),
        // Pure values to text: quote tables, charts, sparklines, calendars, search results.
        .target(
            name: "SquarestockRendering",
            dependencies: ["SquarestockCore", "SquarestockMarket"]
        ),
        // The live table: state, scheduler, alerts, screen diffing.
        .target(
            name: "SquarestockWatch",
            dependencies: ["SquarestockCore", "SquarestockMarket", "SquarestockRendering"]
        ),
        // The portfolio ledger: an append-only journal in SQLite, lots and gains derived from it.
        // GRDBSQLite (SQLite's C API, the module GRDB itself imports): the import's per-row insert;
        // CSQLiteShim: SQLite's process-wide settings.
        .target(
            name: "SquarestockPortfolio",
            dependencies: [
                "SquarestockCore", "CSQLiteShim", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The facade the command line calls: settings, one call per command.
        .target(
            name: "SquarestockKit",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket", "SquarestockServices",
                "SquarestockSearch", "SquarestockRendering", "SquarestockWatch", "SquarestockPortfolio",
            ]
        ),
        // The live screens (`watch`, `book --live`) and the process's terminal: an event loop behind
        // the `LiveTerminal` protocol and an injected clock, so tests drive it with a scripted terminal.
        .target(
            name: "SquarestockLive",
            dependencies: ["SquarestockCore", "SquarestockRendering", "SquarestockWatch", "SquarestockKit"]
        ),
        .executableTarget(
            name: "squarestock",
            dependencies: [
                "SquarestockKit", "SquarestockLive", "SquarestockCore", "SquarestockRendering", "SquarestockSearch",
                "SquarestockWatch", "SquarestockPortfolio", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: sqliteLinkedIn + startupLinking
        ),
        // Fuzz targets for every byte parser; see Fuzz/run.sh. Without libFuzzer it replays files.
        // Only the layers below the facade: SquarestockKit would compile the portfolio's GRDB (and
        // the facade) with the sanitizers too, a third of the fuzz build for no parser fuzzed.
        .executableTarget(
            name: "squarestock-fuzz",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockServices", "SquarestockSearch",
                "SquarestockRendering", "SquarestockWatch",
            ]
        ),
        // Times ChartRenderer on five years of daily bars; `swift run -c release chartbench`.
        .executableTarget(
            name: "chartbench",
            dependencies: ["SquarestockCore", "SquarestockRendering"],
            path: "Benchmarks/Sources/chartbench"
        ),
        // Times and ranks the symbol search; Benchmarks/search/compare-search.sh runs it beside the peers.
        .executableTarget(
            name: "searchbench",
            dependencies: ["SquarestockSearch"],
            path: "Benchmarks/Sources/searchbench"
        ),
        // The benchmark suite, driven by Benchmarks/compare.sh; not a product, so never installed.
        .executableTarget(
            name: "squarestock-bench",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket", "SquarestockServices",
                "SquarestockSearch", "SquarestockRendering", "SquarestockWatch", "SquarestockPortfolio",
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            path: "Benchmarks/Sources/squarestock-bench"
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/TestSupport"
        ),
        // One unit-test target per library target (Tests/<Target>Tests, folders as in Sources/),
        // each importing the module it tests and what its tests need to build their inputs.
        .testTarget(
            name: "SquarestockCoreTests",
            dependencies: [
                "SquarestockCore", "SquarestockServices", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SquarestockNetworkingTests",
            dependencies: ["SquarestockCore", "SquarestockNetworking", "TestSupport"]
        ),
        .testTarget(
            name: "SquarestockMarketTests",
            dependencies: [
                "SquarestockCore", "SquarestockMarket", "SquarestockServices", "SquarestockRendering", "TestSupport",
            ]
        ),
        .testTarget(
            name: "SquarestockServicesTests",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket", "SquarestockServices",
                "SquarestockSearch", "SquarestockRendering", "SquarestockKit",
                .product(name: "Crypto", package: "swift-crypto"), "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SquarestockSearchTests",
            dependencies: ["SquarestockCore", "SquarestockSearch", "TestSupport"]
        ),
        .testTarget(
            name: "SquarestockPortfolioTests",
            dependencies: [
                "SquarestockCore", "SquarestockPortfolio", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SquarestockRenderingTests",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockServices", "SquarestockRendering",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "SquarestockWatchTests",
            dependencies: [
                "SquarestockCore", "SquarestockMarket", "SquarestockServices", "SquarestockRendering",
                "SquarestockWatch", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SquarestockKitTests",
            dependencies: [
                "SquarestockCore", "SquarestockNetworking", "SquarestockMarket", "SquarestockServices",
                "SquarestockSearch", "SquarestockRendering", "SquarestockWatch", "SquarestockKit", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SquarestockLiveTests",
            dependencies: [
                "SquarestockLive", "SquarestockCore", "SquarestockMarket", "SquarestockRendering", "SquarestockWatch",
                "SquarestockKit", "TestSupport",
            ]
        ),
        .testTarget(
            name: "SquarestockCLITests",
            dependencies: ["squarestock", "TestSupport", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Golden", "ExchangeGolden"]
        ),
    ]
)
