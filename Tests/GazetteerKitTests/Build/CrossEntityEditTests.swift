import Foundation
import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

/// Seeded random edits under a theme whose pages reach across entities: a city's page shows
/// its country's fields, extra fields and flag; a country's page shows its cities' bodies
/// and pictures; the lists show extra fields. After every edit the incremental output must
/// be the output of a build from scratch, byte for byte: a page left stale fails the test.
final class CrossEntityEditTests: XCTestCase {
    static let theme: [String: String] = [
        "templates/layout.mustache": """
            <!doctype html><title>{{$title}}{{page.title}}{{/title}} · {{site.title}}</title>
            <body>{{$main}}{{/main}}</body>

            """,
        "templates/partials/row.mustache": """
            <a href="{{url}}">{{name}}</a>{{#extra.population}} (population {{.}}){{/extra.population}}\
            {{#picture.small}}<img src="{{src}}" width="{{width}}">{{/picture.small}}
            """,
        "templates/city.mustache": """
            {{<layout}}{{$main}}{{#city}}<h1>{{name}}</h1>{{{body}}}
            {{#extra.population}}<p>Population {{.}}</p>{{/extra.population}}
            {{#picture.card}}<img src="{{src}}">{{/picture.card}}
            {{#country}}<p>In <a href="{{url}}">{{name}}</a>{{#capital}}, capital {{.}}{{/capital}}\
            {{#extra.language}}, speaking {{.}}{{/extra.language}}, one of {{city_count}} cities\
            {{#flag.icon}}<img src="{{src}}" alt="{{alt}}">{{/flag.icon}}</p>{{/country}}
            {{/city}}{{/main}}{{/layout}}
            """,
        "templates/country.mustache": """
            {{<layout}}{{$main}}{{#country}}<h1>{{name}}</h1>{{{body}}}
            {{#extra.language}}<p>Language: {{.}}</p>{{/extra.language}}
            {{#flag.large}}<img src="{{src}}">{{/flag.large}}
            <ul>{{#cities}}<li>{{> partials/row}}<div>{{{body}}}</div></li>{{/cities}}</ul>
            {{/country}}{{/main}}{{/layout}}
            """,
        "templates/cities.mustache": """
            {{<layout}}{{$main}}<ul>{{#cities}}<li>{{> partials/row}} in {{country.name}}\
            {{#country.extra.language}} ({{.}}){{/country.extra.language}}\
            {{#country.flag.icon}}<img src="{{src}}">{{/country.flag.icon}}</li>
            {{/cities}}</ul>{{#pagination}}{{#prev}}<a href="{{url}}">prev</a>{{/prev}} {{current}}/{{total}} \
            {{#next}}<a href="{{url}}">next</a>{{/next}}{{/pagination}}
            {{#letters}}<a href="{{url}}">{{letter}}{{#current}}*{{/current}}</a>{{/letters}}{{/main}}{{/layout}}
            """,
        "templates/index.mustache": """
            {{<layout}}{{$main}}<ul>{{#countries}}<li><a href="{{url}}">{{name}}</a> {{city_count}}\
            {{#extra.language}} {{.}}{{/extra.language}}{{#flag.table}}<img src="{{src}}">{{/flag.table}}</li>
            {{/countries}}</ul>{{/main}}{{/layout}}
            """,
        "templates/flags.mustache": """
            {{<layout}}{{$main}}{{#sections}}<h2 id="{{slug}}">{{heading}}</h2>{{#countries}}{{name}}\
            {{#flag.gallery}}<img src="{{src}}">{{/flag.gallery}}{{/countries}}
            {{/sections}}{{/main}}{{/layout}}
            """,
        "templates/404.mustache": "{{<layout}}{{$main}}Not found in {{site.title}}.{{/main}}{{/layout}}",
    ]

    struct City {
        var slug: String
        var name: String
        var country: String
        var population: Int
        var picture: Bool
        var body: String

        var path: String { "content/cities/\(slug).md" }
        var text: String {
            "---\nname: \(name)\ncountry: \(country)\npopulation: \(population)\n"
                + (picture ? "picture: pictures/\(slug).svg\n" : "") + "---\n\n\(body)\n"
        }
    }

    struct Country {
        var slug: String
        var name: String
        var continents: String
        var language: String
        var body: String

        var path: String { "content/countries/\(slug).md" }
        var text: String {
            "---\nname: \(name)\ncontinents: [\(continents)]\nflag: flags/\(slug).svg\nlanguage: \(language)\n---\n\n\(body)\n"
        }
    }

    func testRandomEditsUnderAThemeThatReachesAcrossEntities() throws {
        for seed: UInt64 in [7, 2025] { try randomEdits(seed: seed, steps: 18) }
    }

    private func randomEdits(seed: UInt64, steps: Int) throws {
        let site = try FixtureSite()
        defer { site.delete() }
        for (path, text) in Self.theme { try site.write(path, text) }
        // Lists in pages of two, so that edits move entries across pages.
        try site.write("gazetteer.yaml", "title: Test Guide\npage_size: 2\n")
        for file in DefaultTheme.files where file.path.hasPrefix("placeholders/") {
            try site.write("templates/\(file.path)", String(decoding: file.data, as: UTF8.self))
        }
        var countries = [
            Country(slug: "spain", name: "Spain", continents: "Europe", language: "Spanish",
                    body: "Its capital is [Madrid](../cities/madrid.md)."),
            Country(slug: "japan", name: "Japan", continents: "Asia", language: "Japanese", body: "Islands."),
            Country(slug: "turkey", name: "Turkey", continents: "Asia, Europe", language: "Turkish", body: "Two continents."),
        ]
        // Madrid is linked to by Spain: it is edited but stays. The first twelve steps make
        // each kind of edit once, the others are drawn at random.
        var cities = [
            City(slug: "madrid", name: "Madrid", country: "spain", population: 3_300_000, picture: true, body: "The capital."),
            City(slug: "osaka", name: "Osaka", country: "japan", population: 2_700_000, picture: false, body: "On the bay."),
        ]
        for country in countries { try site.write(country.path, country.text) }
        for city in cities { try site.write(city.path, city.text) }
        XCTAssertEqual(site.build().status, 0)

        var random = SeededRandom(seed: seed)
        var added = 0
        for step in 0..<steps {
            var did = ""
            let c = random.next(cities.count)
            let k = random.next(countries.count)
            switch step < 12 ? step : random.next(12) {
            case 0:
                cities[c].population += 1000 * (step + 1)
                try site.write(cities[c].path, cities[c].text)
                did = "a front matter field of \(cities[c].slug)"
            case 1:
                countries[k].language += " and English"
                try site.write(countries[k].path, countries[k].text)
                did = "an extra field of \(countries[k].slug)"
            case 2:
                cities[c].body += " More, step \(step)."
                try site.write(cities[c].path, cities[c].text)
                did = "the body of \(cities[c].slug)"
            case 3:
                countries[k].body += " More, step \(step)."
                try site.write(countries[k].path, countries[k].text)
                did = "the body of \(countries[k].slug)"
            case 4:
                let width = 300 + step * 7
                if random.next(2) == 0, cities[c].picture {
                    try site.write("content/cities/pictures/\(cities[c].slug).svg",
                                   FixtureSite.flag("#\(100_000 + step)", width: width * 2, height: width))
                    did = "the picture of \(cities[c].slug)"
                } else {
                    try site.write("content/countries/flags/\(countries[k].slug).svg",
                                   FixtureSite.flag("#\(200_000 + step)", width: width, height: 200))
                    did = "the flag of \(countries[k].slug)"
                }
            case 5:
                added += 1
                let city = City(slug: "town-\(added)", name: "Town \(added)", country: countries[k].slug,
                                population: 1000 * step, picture: random.next(2) == 0, body: "New town.")
                if city.picture {
                    try site.write("content/cities/pictures/\(city.slug).svg", FixtureSite.flag("#\(300_000 + step)", width: 640, height: 480))
                }
                try site.write(city.path, city.text)
                cities.append(city)
                did = "a city added to \(city.country)"
            case 6 where cities[c].slug != "madrid":
                try site.remove(cities[c].path)
                did = "\(cities[c].slug) removed"
                cities.remove(at: c)
            case 7 where cities[c].slug != "madrid":
                var renamed = cities[c]
                renamed.slug += "-\(step)"
                if renamed.picture {
                    try site.write("content/cities/pictures/\(renamed.slug).svg", FixtureSite.flag("#\(400_000 + step)", width: 500, height: 400))
                }
                XCTAssertEqual(rename(site.root.appending(path: cities[c].path).path, site.root.appending(path: renamed.path).path), 0)
                try site.write(renamed.path, renamed.text)
                did = "\(cities[c].slug) renamed to \(renamed.slug)"
                cities[c] = renamed
            case 8:
                cities[c].country = countries[(countries.firstIndex { $0.slug == cities[c].country }! + 1) % countries.count].slug
                try site.write(cities[c].path, cities[c].text)
                did = "\(cities[c].slug) moved to \(cities[c].country)"
            case 9:
                let text = try String(contentsOf: site.root.appending(path: "templates/partials/row.mustache"), encoding: .utf8)
                try site.write("templates/partials/row.mustache", text + "<!-- \(step) -->")
                did = "a partial"
            case 10:
                try site.write("gazetteer.yaml", "title: Guide \(step)\npage_size: \(2 + step % 2)\n")
                did = "a setting"
            default:
                cities[c].name = "Zed \(step) \(cities[c].name)"
                try site.write(cities[c].path, cities[c].text)
                did = "\(cities[c].slug) renamed (its name)"
            }
            if did.isEmpty { continue }
            let result = site.build()
            XCTAssertEqual(result.status, 0, "seed \(seed), step \(step), \(did): \(result.err)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, "seed \(seed), step \(step), \(did)")
        }
    }
}
