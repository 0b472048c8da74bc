import Foundation
import PackagePlugin

/// Builds the default theme (the repository's `templates/` folder) into GazetteerKit, so that
/// the `gazetteer` binary carries it and a user's guide needs nothing but `content/`.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: theme, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "EmbedThemeTool").url,
                arguments: [theme.path(), output.path()],
                inputFiles: inputs.sorted { $0.path() < $1.path() },
                outputFiles: [output]
            )
        ]
    }
}
