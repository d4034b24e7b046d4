import SquarestockCore

/// Finds the shipped `samples/` folder: `SQUARESTOCK_SAMPLES`, else a `samples/manifest.tsv`
/// in a folder above the executable (a checkout running `.build/debug/squarestock`), else
/// `../share/squarestock/samples` beside an installed binary.
package enum SamplesLocator {
    package static func find(
        environment: [String: String], executablePath: String? = InstalledFiles.currentExecutablePath()
    ) -> String? {
        if let dir = environment["SQUARESTOCK_SAMPLES"], !dir.isEmpty { return dir }
        guard let exe = executablePath else { return nil }
        var dir = InstalledFiles.parent(exe)
        for _ in 0..<8 {
            if InstalledFiles.exists(dir + "/samples/manifest.tsv") { return dir + "/samples" }
            if InstalledFiles.exists(dir + "/share/squarestock/samples/manifest.tsv") {
                return dir + "/share/squarestock/samples"
            }
            let up = InstalledFiles.parent(dir)
            if up == dir { break }
            dir = up
        }
        return nil
    }
}
