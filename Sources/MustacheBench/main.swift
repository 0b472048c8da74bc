// Renders a realistic country page (a parent layout with blocks, two partials, a table of
// 30 cities) many times on one thread and prints the output rate.
//
//     swift run -c release MustacheBench [iterations]

import Dispatch
import Mustache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of this thread in seconds: on a machine shared with other work the wall clock
/// also counts time the thread spent waiting for a core.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let layout = """
    <!DOCTYPE html>
    <html lang="{{site.language}}">
    <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>{{$title}}{{site.title}}{{/title}} · {{site.title}}</title>
      <link rel="stylesheet" href="{{root}}assets/style.css">
      {{#page.canonical}}
      <link rel="canonical" href="{{page.canonical}}">
      {{/page.canonical}}
      {{$head}}{{/head}}
    </head>
    <body>
      {{> partials/header}}
      <main>
        {{$main}}
        {{/main}}
      </main>
      <footer>Made with {{generator}}</footer>
    </body>
    </html>

    """

let header = """
    <header class="site">
      <a class="home" href="{{root}}index.html">{{site.title}}</a>
      <nav>
        <a href="{{nav.countries}}"{{#page.is_index}} aria-current="page"{{/page.is_index}}>Countries</a>
        <a href="{{nav.cities}}"{{#page.is_cities}} aria-current="page"{{/page.is_cities}}>City Guide</a>
        <a href="{{nav.flags}}"{{#page.is_flags}} aria-current="page"{{/page.is_flags}}>Flags</a>
      </nav>
    </header>

    """

let country = """
    {{<layout}}
    {{$title}}{{country.name}}{{/title}}
    {{$main}}
    {{#country}}
    <article class="country">
      <h1>{{name}}</h1>
      {{#official_name}}
      <p class="official">{{official_name}}</p>
      {{/official_name}}
      {{#flag.large}}
      <img class="flag" src="{{src}}" srcset="{{srcset}}" width="{{width}}" height="{{height}}" alt="{{alt}}">
      {{/flag.large}}
      <dl>
        <dt>Capital</dt><dd>{{capital}}</dd>
        <dt>Motto</dt><dd>{{motto}}</dd>
        <dt>Continents</dt><dd>{{#continents}}<a href="{{url}}">{{name}}</a> {{/continents}}</dd>
      </dl>
      <div class="body">
        {{{body}}}
      </div>
      <h2>{{city_count}} cities</h2>
      <table class="cities">
        <thead><tr><th></th><th>City</th><th>Population</th></tr></thead>
        <tbody>
          {{#cities}}
          {{> partials/city-row}}
          {{/cities}}
        </tbody>
      </table>
    </article>
    {{/country}}
    {{/main}}
    {{/layout}}

    """

let cityRow = """
    <tr>
      <td>{{#picture.small}}<img src="{{src}}" srcset="{{srcset}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/picture.small}}</td>
      <td><a href="{{url}}">{{name}}</a></td>
      <td class="number">{{extra.population}}</td>
    </tr>

    """

func image(_ base: String, alt: String, width: Int, height: Int) -> MustacheValue {
    [
        "src": .string("../thumbnails/\(base)-\(width)x\(height).jpg"),
        "srcset": .string("../thumbnails/\(base)-\(width)x\(height).jpg 1x, ../thumbnails/\(base)-\(width * 2)x\(height * 2).jpg 2x"),
        "width": .int(width), "height": .int(height), "alt": .string(alt),
    ]
}

let cityNames = [
    "Lyon", "Marseille", "Saint-Étienne", "Toulouse", "Nice", "Nantes", "Strasbourg", "Montpellier",
    "Bordeaux", "Lille", "Rennes", "Reims", "Le Havre", "Toulon", "Grenoble", "Dijon", "Angers",
    "Nîmes", "Villeurbanne", "Clermont-Ferrand", "Le Mans", "Aix-en-Provence", "Brest", "Tours",
    "Amiens", "Limoges", "Annecy", "Perpignan", "Boulogne-Billancourt", "L'Haÿ-les-Roses",
]
let cities: [MustacheValue] = cityNames.enumerated().map { index, name in
    let slug = name.lowercased().replacingOccurrences(of: " ", with: "-")
    return [
        "name": .string(name), "slug": .string(slug), "url": .string("../cities/\(slug).html"),
        "picture": ["alt": .string(name), "small": image(slug, alt: name, width: 125, height: 94)],
        "extra": ["population": .int(1_000_000 / (index + 2))],
    ]
}
let body = String(repeating: """
    <p>France is a country in Western Europe &amp; overseas. Its capital, <a href="../cities/paris.html">Paris</a>,
    is known for art, fashion &amp; cuisine; the Seine runs through it.</p>

    """, count: 8)

let context: MustacheValue = [
    "site": ["title": "Gazetteer", "language": "en"],
    "generator": "Gazetteer 0.1.0",
    "root": "../",
    "page": ["title": "France", "path": "countries/france.html", "is_country": true],
    "nav": ["countries": "../index.html", "cities": "../cities/index.html", "flags": "../flags/index.html"],
    "country": [
        "slug": "france", "name": "France", "official_name": "French Republic", "capital": "Paris",
        "motto": "Liberté, égalité, fraternité", "url": "../countries/france.html",
        "flag": ["alt": "Flag of France", "large": image("flag-france", alt: "Flag of France", width: 360, height: 240)],
        "continents": [["name": "Europe", "slug": "europe", "heading": "Europe", "url": "../flags/index.html#europe"]],
        "city_count": .int(cities.count),
        "cities": .array(cities),
        "body": .string(body),
    ],
]

let library = try TemplateLibrary([
    TemplateSource(name: "layout", path: "templates/layout.mustache", text: layout),
    TemplateSource(name: "country", path: "templates/country.mustache", text: country),
    TemplateSource(name: "partials/header", path: "templates/partials/header.mustache", text: header),
    TemplateSource(name: "partials/city-row", path: "templates/partials/city-row.mustache", text: cityRow),
])

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
let page = try library.render("country", context: context, strict: true)
if CommandLine.arguments.contains("--print") { print(page) }

var bytes = 0
let start = DispatchTime.now().uptimeNanoseconds
let cpuStart = threadCPUTime()
for _ in 0..<iterations {
    bytes += try library.render("country", context: context, strict: true).utf8.count
}
let cpuSeconds = threadCPUTime() - cpuStart
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let megabytes = Double(bytes) / 1e6
/// `value` with `decimals` digits after the point.
func format(_ value: Double, _ decimals: Int = 1) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}
print("MustacheBench: \(iterations) renders of a \(page.utf8.count)-byte country page in \(format(seconds, 3)) s")
print("MustacheBench: \(format(megabytes / seconds)) MB/s wall clock, \(format(megabytes / cpuSeconds)) MB/s of CPU time, \(format(cpuSeconds / Double(iterations) * 1e6)) µs of CPU per page")
