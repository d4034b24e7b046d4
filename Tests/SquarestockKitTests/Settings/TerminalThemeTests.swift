import Testing

@testable import SquarestockCore
@testable import SquarestockKit
@testable import SquarestockRendering
@testable import SquarestockServices
@testable import SquarestockWatch

/// Dark and light palettes: the terminal's COLORFGBG decides unless `--theme`, the environment
/// or the config names one, in that order; a light background gets notices it can show.
struct TerminalThemeTests {
    @Test func colorfgbgNamesTheBackground() {
        #expect(TerminalTheme.resolve(environment: [:]) == .dark)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "15;0"]) == .dark)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "0;15"]) == .light)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "0;default;7"]) == .light)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "7;8"]) == .dark)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "garbage"]) == .dark)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "0;15", "SQUARESTOCK_THEME": "dark"]) == .dark)
        #expect(TerminalTheme.resolve(environment: ["COLORFGBG": "0;15", "SQUARESTOCK_THEME": "auto"]) == .light)
    }

    @Test func theLightPaletteHasNoYellowText() {
        let light = WatchPalette.forTerminal(useColour: true, theme: .light)
        #expect(light == .colourLight && light.warning != WatchPalette.colour.warning)
        #expect(!light.warning.contains("33m"))
        #expect(WatchPalette.forTerminal(useColour: true, theme: .dark) == .colour)
        #expect(WatchPalette.forTerminal(useColour: false, theme: .light) == .monochrome)
    }

    @Test func flagThenEnvironmentThenConfig() throws {
        func theme(_ flag: String?, env: [String: String] = [:], config: String = "") throws -> String? {
            var environment = ["HOME": "/nonexistent"]
            for (k, v) in env { environment[k] = v }
            let s = try Settings.resolve(
                .init(theme: flag), environment: environment, loadConfig: { _ in ConfigFile.parse(config) })
            return s.environment["SQUARESTOCK_THEME"]
        }
        #expect(try theme(nil) == nil)
        #expect(try theme(nil, config: "theme = Light\n") == "light")
        #expect(try theme(nil, env: ["SQUARESTOCK_THEME": "dark"], config: "theme = light\n") == "dark")
        #expect(try theme("light", env: ["SQUARESTOCK_THEME": "dark"]) == "light")
        #expect(throws: SettingsError.unknownTheme("purple")) { try theme("purple") }
        // From the config file: said with where it was set.
        #expect(
            throws: SettingsError.setBy(
                .unknownTheme("sepia"),
                origin: "theme = sepia in the config file /nonexistent/.config/squarestock/config")
        ) { try theme(nil, config: "theme = sepia\n") }
    }
}
