/// Every output of the build, in the order their files are listed (see `Output`). A new
/// output adds its line here; nothing else in the build names it.
package enum Outputs {
    package static let all: [any Output] = [
        IndexPage(), CityGuide(), FlagGallery(), NotFoundPage(),
        CountryPages(), CityPages(), FreePages(), ContinentsPage(), ContinentPages(),
        CreditsPage(), RedirectPages(), Sitemap(), Feed(), JSONFeed(),
        EntryRecords(.country), EntryRecords(.city), EntryRecords(.page), DataCollections(), DataTables(), DataSchemas(),
        SearchRecords(),
        CitiesGeoJSON(), WorldMap(),
    ]

    /// The templates every theme has: `layout`, which the others extend, and those of the
    /// templated outputs whose template is not optional.
    package static let requiredTemplates: [String] = ["layout"] + all.compactMap { output in
        guard let templated = output as? any TemplatedOutput, !templated.templateIsOptional else { return nil }
        return templated.kind.rawValue
    }

    /// The output that makes files of `kind`.
    package static func output(_ kind: Page.Kind) -> any Output { byKind[kind]! }

    private static let byKind: [Page.Kind: any Output] =
        Dictionary(all.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
}
