#!/usr/bin/env python3
"""Writes a deterministic synthetic guide for `make bench`.

    python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 .bench/corpus-10k

The guide has N countries with generated SVG flags of varied aspect ratios, and M cities,
each with a distinct 1000x750 JPEG picture of a realistic size (100-300 KB: smooth colour
fields with noise, so JPEG cannot squeeze them) and a Markdown body with headings, lists,
emphasis and links to its country and to other cities. The same arguments always give the
same bytes. Each country has an ISO 3166-1 code (its real flag's, or the codes of Debian's
iso-codes in order, where installed) and each city a position near its country's made-up
centre, for the maps and the nearby lists (drawn from a generator of their own, so that
everything else is what version 1 wrote). The folder is generated once: a finished corpus carries a `.complete` marker
naming its parameters, and an interrupted run resumes where it stopped.

`--translate fr` also writes, beside every entry, its French translation (`slug.fr.md`: a
name, a capital for a country, and a body of generated French of the same shape) and a
`languages:` block in gazetteer.yaml (English the default, French second), from a generator
of its own: every other file is the same bytes as without it.

    python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 --translate fr .bench/corpus-10k-fr
"""

import argparse
import io
import os
import random
import re
import shutil
import sys
from multiprocessing import Pool

GENERATOR_VERSION = 2

ISO_CODES = "/usr/share/iso-codes/json/iso_3166-1.json"

CONTINENTS = ["Africa", "Asia", "Australasia", "Europe", "North America", "South America"]
ONSETS = ["b", "br", "c", "d", "dr", "f", "g", "gr", "h", "k", "kr", "l", "m", "n", "p", "qu", "r", "s",
          "st", "t", "tr", "v", "w", "z", "sh", "th", "ch", "j"]
VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "y"]
CODAS = ["", "", "", "n", "r", "l", "s", "m", "nd", "st", "rk", "x"]
ENDINGS_COUNTRY = ["ia", "land", "stan", "a", "ora", "ador", "esia", "onia", "ary", "ica"]
ENDINGS_CITY = ["", "ton", "burg", "ville", "grad", "polis", "by", "ford", "mouth", "haven", "dorf", "port"]
WORDS = ("river harbour market cathedral bridge valley mountain museum square festival garden "
         "tower railway island coast forest castle library university quarter canal fountain "
         "palace theatre vineyard lighthouse monastery plateau desert lagoon orchard").split()
ADJECTIVES = ("old ancient busy quiet famous narrow broad green golden crowded sunny windy "
              "historic modern hidden grand small vast").split()
MOTTO_WORDS = ("Unity Freedom Labour Peace Progress Justice Faith Honour Strength Order "
               "Liberty Courage Wisdom Harmony Truth").split()
PALETTE = ["#ce1126", "#002868", "#ffffff", "#000000", "#009b3a", "#fedf00", "#ff9933", "#0038a8",
           "#d52b1e", "#007a5e", "#fcd116", "#75aadb", "#6cace4", "#8d1b3d", "#00a1de", "#ef3340"]
RATIOS = [(3, 2), (2, 1), (5, 3), (4, 3), (1, 1), (8, 5), (7, 4), (28, 37), (10, 7), (19, 10)]


def word(rng, syllables):
    text = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS) for _ in range(syllables))
    return text


def unique_names(rng, count, endings, taken):
    names = []
    while len(names) < count:
        name = (word(rng, rng.choice([1, 2, 2, 3])) + rng.choice(endings)).capitalize()
        slug = name.lower()
        if len(slug) < 4 or slug in taken:
            continue
        taken.add(slug)
        names.append(name)
    return names


def flag_svg(rng):
    rw, rh = rng.choice(RATIOS)
    w, h = rw * 60, rh * 60
    colours = rng.sample(PALETTE, 4)
    design = rng.randrange(7)
    parts = []
    if design == 0:  # horizontal bands
        n = rng.choice([2, 3, 3, 5])
        for i in range(n):
            parts.append(f'<rect y="{h * i / n:.2f}" width="{w}" height="{h / n + 0.5:.2f}" fill="{colours[i % 3]}"/>')
    elif design == 1:  # vertical bands
        for i in range(3):
            parts.append(f'<rect x="{w * i / 3:.2f}" width="{w / 3 + 0.5:.2f}" height="{h}" fill="{colours[i]}"/>')
    elif design == 2:  # Nordic cross
        t = h / 5
        parts.append(f'<rect width="{w}" height="{h}" fill="{colours[0]}"/>')
        parts.append(f'<rect x="{w * 0.3:.2f}" width="{t:.2f}" height="{h}" fill="{colours[1]}"/>')
        parts.append(f'<rect y="{(h - t) / 2:.2f}" width="{w}" height="{t:.2f}" fill="{colours[1]}"/>')
    elif design == 3:  # disc
        parts.append(f'<rect width="{w}" height="{h}" fill="{colours[0]}"/>')
        parts.append(f'<circle cx="{w / 2:.2f}" cy="{h / 2:.2f}" r="{h * 0.3:.2f}" fill="{colours[1]}"/>')
    elif design == 4:  # diagonal
        parts.append(f'<rect width="{w}" height="{h}" fill="{colours[0]}"/>')
        parts.append(f'<path d="M0 {h} L{w} 0 L{w} {h} Z" fill="{colours[1]}"/>')
        parts.append(f'<path d="M0 {h} L{w * 0.1:.2f} {h} L{w} {h * 0.1:.2f} L{w} 0 Z" fill="{colours[2]}"/>')
    elif design == 5:  # star on a field
        parts.append(f'<rect width="{w}" height="{h}" fill="{colours[0]}"/>')
        parts.append(star(w / 2, h / 2, h * 0.3, colours[1]))
    else:  # canton with stars over stripes
        n = rng.choice([5, 7, 9])
        for i in range(n):
            parts.append(f'<rect y="{h * i / n:.2f}" width="{w}" height="{h / n + 0.5:.2f}" fill="{colours[i % 2]}"/>')
        parts.append(f'<rect width="{w * 0.4:.2f}" height="{h * 0.55:.2f}" fill="{colours[2]}"/>')
        for r in range(3):
            for c in range(4):
                parts.append(star(w * 0.05 + c * w * 0.1, h * 0.09 + r * h * 0.17, h * 0.05, colours[3]))
    body = "\n".join(parts)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
            f'{body}\n</svg>\n')


def star(cx, cy, r, colour):
    import math
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.4
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.2f},{cy - radius * math.sin(angle):.2f}")
    return f'<polygon points="{" ".join(points)}" fill="{colour}"/>'


def sentence(rng, name):
    a, b = rng.sample(ADJECTIVES, 2)
    w1, w2 = rng.sample(WORDS, 2)
    forms = [
        f"The {a} {w1} of {name} draws visitors in every season, and the *{b} {w2}* is never far away.",
        f"Locals say that the {w1} is best seen at dawn, when the {a} light falls across the {w2}.",
        f"Beyond the {w1} lies a **{b}** {w2} that few travellers ever reach.",
        f"Guidebooks praise the {a} {w1}, but the {w2} beside it tells the older story of {name}.",
        f"In summer the {w1} fills with stalls, music and the smell of food from the {b} {w2}.",
    ]
    return rng.choice(forms)


def paragraph(rng, name, count):
    return " ".join(sentence(rng, name) for _ in range(count))


def city_body(rng, name, country, country_slug, neighbours):
    lines = [paragraph(rng, name, rng.randint(2, 4)), ""]
    lines.append(f"{name} lies in [{country}](../countries/{country_slug}.md), "
                 f"and many visitors combine it with a trip to its neighbours.")
    lines.append("")
    lines.append("## Sights")
    lines.append("")
    for _ in range(rng.randint(3, 6)):
        a, w = rng.choice(ADJECTIVES), rng.choice(WORDS)
        lines.append(f"- the {a} {w}, _{rng.choice(ADJECTIVES)}_ and worth an hour")
    lines.append("")
    lines.append("## Getting around")
    lines.append("")
    lines.append(paragraph(rng, name, rng.randint(2, 3)))
    if neighbours:
        lines.append("")
        lines.append("Nearby: " + ", ".join(f"[{n}]({s}.md)" for n, s in neighbours) + ".")
    lines.append("")
    lines.append("### Practical notes")
    lines.append("")
    for i in range(rng.randint(2, 4)):
        lines.append(f"{i + 1}. {sentence(rng, name)}")
    return "\n".join(lines) + "\n"


def country_body(rng, name, capital_slug, capital):
    text = [paragraph(rng, name, rng.randint(3, 5)), ""]
    if capital_slug:
        text.append(f"The capital, [{capital}](../cities/{capital_slug}.md), is the largest city of {name}.")
        text.append("")
    text.append("## Regions")
    text.append("")
    for _ in range(rng.randint(3, 5)):
        text.append(f"- the *{rng.choice(ADJECTIVES)}* {rng.choice(WORDS)} country")
    text.append("")
    text.append(paragraph(rng, name, rng.randint(2, 3)))
    return "\n".join(text) + "\n"


# French for `--translate fr`: nouns with their article, adjectives that do not change with
# gender (placed after the noun), and the endings of the generated names in French.
FR_NOUNS = ("le port|la cathédrale|le pont|la vallée|la montagne|le musée|la place|le festival|le jardin|"
            "la tour|la gare|l’île|la côte|la forêt|le château|la bibliothèque|l’université|le quartier|"
            "le canal|la fontaine|le palais|le théâtre|le vignoble|le phare|le monastère|le plateau|"
            "le désert|la lagune|le verger|le marché").split("|")
FR_ADJECTIVES = ("célèbre calme historique moderne magnifique paisible splendide vaste rapide fragile "
                 "sublime immense étrange insolite agréable").split()
FR_ENDINGS = [("land", "lande"), ("esia", "ésie"), ("onia", "onie"), ("ica", "ique"), ("ary", "arie"),
              ("ia", "ie"), ("ora", "ore"), ("burg", "bourg"), ("polis", "pole"), ("haven", "havre"),
              ("mouth", "mouthe"), ("ford", "forde"), ("a", "e")]
FR_ACCENTS = [("e", "è"), ("o", "ô"), ("a", "â"), ("i", "î"), ("u", "û")]


def french_name(name):
    """The name in French, the same for the same name: its ending made French (Borania, Boranie),
    else one vowel accented (Kraton, Kratôn), else `Saint-` before it."""
    for ending, french in FR_ENDINGS:
        if name.endswith(ending) and len(name) > len(ending):
            return name[: -len(ending)] + french
    for plain, accented in FR_ACCENTS:
        at = name.rfind(plain)
        if at > 0:
            return name[:at] + accented + name[at + 1:]
    return "Saint-" + name


def french_sentence(rng, name):
    n1, n2 = rng.sample(FR_NOUNS, 2)
    a, b = rng.sample(FR_ADJECTIVES, 2)
    forms = [
        f"{n1.capitalize()} {a} de {name} attire les visiteurs en toute saison, et *{n2} {b}* n’est jamais loin.",
        f"On dit ici que {n1} se voit mieux à l’aube, quand la lumière {a} tombe sur {n2}.",
        f"Au-delà de {n1} s’étend {n2} **{b}** que peu de voyageurs atteignent.",
        f"Les guides vantent {n1} {a}, mais {n2} d’à côté raconte l’histoire plus ancienne de {name}.",
        f"En été, {n1} se remplit d’étals, de musique et de l’odeur des cuisines de {n2} {b}.",
    ]
    return rng.choice(forms).replace(" de le ", " du ").replace("De le ", "Du ")


def french_paragraph(rng, name, count):
    return " ".join(french_sentence(rng, name) for _ in range(count))


def french_city_body(rng, name, country, country_slug, neighbours):
    lines = [french_paragraph(rng, name, rng.randint(2, 4)), ""]
    lines.append(f"{name} se trouve en [{country}](../countries/{country_slug}.md), "
                 f"et bien des visiteurs la joignent à un voyage chez ses voisins.")
    lines.append("")
    lines.append("## À voir")
    lines.append("")
    for _ in range(rng.randint(3, 6)):
        lines.append(f"- {rng.choice(FR_NOUNS)} {rng.choice(FR_ADJECTIVES)}, _{rng.choice(FR_ADJECTIVES)}_ et qui vaut une heure")
    lines.append("")
    lines.append("## Se déplacer")
    lines.append("")
    lines.append(french_paragraph(rng, name, rng.randint(2, 3)))
    if neighbours:
        lines.append("")
        lines.append("Non loin : " + ", ".join(f"[{n}]({s}.md)" for n, s in neighbours) + ".")
    lines.append("")
    lines.append("### Conseils pratiques")
    lines.append("")
    for i in range(rng.randint(2, 4)):
        lines.append(f"{i + 1}. {french_sentence(rng, name)}")
    return "\n".join(lines) + "\n"


def french_country_body(rng, name, capital_slug, capital):
    text = [french_paragraph(rng, name, rng.randint(3, 5)), ""]
    if capital_slug:
        text.append(f"La capitale, [{capital}](../cities/{capital_slug}.md), est la plus grande ville du pays.")
        text.append("")
    text.append("## Régions")
    text.append("")
    for _ in range(rng.randint(3, 5)):
        text.append(f"- le pays de *{rng.choice(FR_NOUNS)}* {rng.choice(FR_ADJECTIVES)}")
    text.append("")
    text.append(french_paragraph(rng, name, rng.randint(2, 3)))
    return "\n".join(text) + "\n"


def yaml_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make_picture(job):
    path, seed = job
    if os.path.exists(path):
        return
    import numpy as np
    from PIL import Image
    rng = np.random.default_rng(seed)
    h, w = 750, 1000
    y = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    x = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
    c = rng.uniform(0, 255, (4, 3)).astype(np.float32)
    img = c[0] * (1 - x) * (1 - y) + c[1] * x * (1 - y) + c[2] * (1 - x) * y + c[3] * x * y
    coarse = rng.normal(128, 40, (h // 25 + 1, w // 25 + 1, 3))
    blobs = Image.fromarray(np.clip(coarse, 0, 255).astype(np.uint8)).resize((w, h), Image.BICUBIC)
    img += np.asarray(blobs, dtype=np.float32) - 128
    img += rng.normal(0, rng.uniform(4, 14), (h, w, 3)).astype(np.float32)
    out = io.BytesIO()
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(out, "JPEG", quality=85)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out.getvalue())
    os.replace(tmp, path)


def real_flag_files(folder, count):
    """The flags of the 249 ISO 3166-1 codes in `folder` (two letters; not eo, eu or zz), in code order:
    SVG files (iso-flags-svg), else PNG files (iso-flags-png-320x240)."""
    names = os.listdir(folder)
    ext = "svg" if any(re.fullmatch(r"[a-z]{2}\.svg", f) for f in names) else "png"
    files = sorted(f for f in names
                   if re.fullmatch(r"[a-z]{2}\." + ext, f) and f[:2] not in ("eo", "eu", "zz"))
    if len(files) < count:
        sys.exit(f"{folder} has {len(files)} country flags, fewer than --countries {count}")
    return [os.path.join(folder, f) for f in files[:count]]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--countries", type=int, required=True)
    parser.add_argument("--cities", type=int, required=True)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--picture-pool", type=int, default=0,
                        help="make only this many city pictures, shared by the cities in turn (0: one per city); "
                             "keeps a 100,000-city guide's disk use sane")
    parser.add_argument("--flags", help="a folder of real SVG or PNG flags named by ISO 3166 code (Debian's iso-flags-svg: "
                        "/usr/share/iso-flags-svg/country-4x3, or iso-flags-png-320x240: /usr/share/iso-flags-png-320x240), "
                        "used instead of generated ones, in code order")
    parser.add_argument("--translate", choices=["fr"],
                        help="also write every entry's translation into this language (slug.fr.md) and a "
                             "languages: block in gazetteer.yaml, English the default")
    parser.add_argument("folder")
    args = parser.parse_args()

    marker_text = (f"gazetteer bench corpus v{GENERATOR_VERSION} countries={args.countries} cities={args.cities} "
                   f"seed={args.seed}" + (f" flags={args.flags}" if args.flags else "")
                   + (f" pool={args.picture_pool}" if args.picture_pool else "")
                   + (f" translate={args.translate}" if args.translate else "") + "\n")
    real_flags = real_flag_files(args.flags, args.countries) if args.flags else None
    marker = os.path.join(args.folder, ".complete")
    if os.path.exists(marker) and open(marker).read() == marker_text:
        print(f"{args.folder}: up to date")
        return
    if os.path.exists(marker):
        shutil.rmtree(args.folder)
    print(f"{args.folder}: writing {args.countries} countries and {args.cities} cities", flush=True)

    rng = random.Random(args.seed)
    taken = set()
    countries = unique_names(rng, args.countries, ENDINGS_COUNTRY, taken)
    cities = unique_names(rng, args.cities, ENDINGS_CITY, taken)
    weights = [rng.uniform(0.2, 3.0) for _ in countries]
    owner = rng.choices(range(len(countries)), weights=weights, k=len(cities))
    by_country = {i: [] for i in range(len(countries))}
    for city, country in enumerate(owner):
        by_country[country].append(city)

    # Places, from a generator of their own: the rest of the guide is the same with or without them.
    geo = random.Random(args.seed * 7919 + 28)
    if real_flags:
        codes = [os.path.basename(f)[:2].upper() for f in real_flags]
    elif os.path.exists(ISO_CODES):
        import json
        with open(ISO_CODES, encoding="utf-8") as f:
            known = sorted(c["alpha_2"] for c in json.load(f)["3166-1"])
        codes = [known[i % len(known)] for i in range(len(countries))]
    else:
        codes = []
    centres = [(geo.uniform(-45, 60), geo.uniform(-180, 180)) for _ in countries]

    root = args.folder
    write(os.path.join(root, "gazetteer.yaml"),
          "title: Synthetic Guide\nbase_url: https://guide.example.org/\n"
          + ("languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n" if args.translate else ""))
    # Translations, from a generator of their own too: without them, not a byte changes.
    translation = random.Random(args.seed * 104729 + 30)

    for i, name in enumerate(countries):
        slug = name.lower()
        members = by_country[i]
        capital = cities[members[0]] if members else None
        continents = [rng.choice(CONTINENTS)]
        if rng.random() < 0.03:
            continents.append(rng.choice([c for c in CONTINENTS if c != continents[0]]))
        fm = [f"name: {name}"]
        if rng.random() < 0.5:
            fm.append(f"official_name: {yaml_quote('Republic of ' + name)}")
        if capital:
            fm.append(f"capital: {capital}")
        fm.append(f"motto: {yaml_quote(', '.join(rng.sample(MOTTO_WORDS, 3)))}")
        fm.append("continents: [" + ", ".join(continents) + "]")
        flag_ext = os.path.splitext(real_flags[i])[1] if real_flags else ".svg"
        fm.append(f"flag: flags/{slug}{flag_ext}")
        if codes:
            fm.append(f"iso: {codes[i]}")
        body = country_body(rng, name, capital.lower() if capital else None, capital)
        write(os.path.join(root, "content/countries", slug + ".md"), "---\n" + "\n".join(fm) + "\n---\n\n" + body)
        if args.translate:
            french, french_capital = french_name(name), french_name(capital) if capital else None
            fm = [f"name: {yaml_quote(french)}"] + ([f"capital: {yaml_quote(french_capital)}"] if capital else [])
            body = french_country_body(translation, french, capital.lower() if capital else None, french_capital)
            write(os.path.join(root, "content/countries", f"{slug}.{args.translate}.md"),
                  "---\n" + "\n".join(fm) + "\n---\n\n" + body)
        if real_flags:
            os.makedirs(os.path.join(root, "content/countries/flags"), exist_ok=True)
            shutil.copyfile(real_flags[i], os.path.join(root, "content/countries/flags", slug + flag_ext))
        else:
            write(os.path.join(root, "content/countries/flags", slug + ".svg"), flag_svg(rng))

    pictures = []
    for j, name in enumerate(cities):
        slug = name.lower()
        country = owner[j]
        siblings = [k for k in by_country[country] if k != j]
        neighbours = [(cities[k], cities[k].lower()) for k in rng.sample(siblings, min(len(siblings), 3))]
        picture = f"pool-{j % args.picture_pool:05d}" if args.picture_pool else slug
        fm = [f"name: {name}", f"country: {countries[country].lower()}", f"picture: pictures/{picture}.jpg"]
        if rng.random() < 0.3:
            fm.append(f"population: {rng.randint(5, 5000) * 1000}")
        latitude, longitude = centres[country]
        latitude = max(-89.9, min(89.9, latitude + geo.gauss(0, 2)))
        longitude = (longitude + geo.gauss(0, 3) + 180) % 360 - 180
        fm.append(f"position: {latitude:.5f}, {longitude:.5f}")
        body = city_body(rng, name, countries[country], countries[country].lower(), neighbours)
        write(os.path.join(root, "content/cities", slug + ".md"), "---\n" + "\n".join(fm) + "\n---\n\n" + body)
        if args.translate:
            french = french_name(name)
            near = [(french_name(cities[k]), cities[k].lower()) for k in translation.sample(siblings, min(len(siblings), 3))]
            body = french_city_body(translation, french, french_name(countries[country]), countries[country].lower(), near)
            write(os.path.join(root, "content/cities", f"{slug}.{args.translate}.md"),
                  f"---\nname: {yaml_quote(french)}\n---\n\n" + body)
        if not args.picture_pool or j < args.picture_pool:
            pictures.append((os.path.join(root, "content/cities/pictures", picture + ".jpg"), args.seed * 1_000_003 + j))

    os.makedirs(os.path.join(root, "content/cities/pictures"), exist_ok=True)
    with Pool(args.jobs) as pool:
        for done, _ in enumerate(pool.imap_unordered(make_picture, pictures, chunksize=16), 1):
            if done % 500 == 0 or done == len(pictures):
                print(f"  pictures: {done}/{len(pictures)}", flush=True)
    write(marker, marker_text)


if __name__ == "__main__":
    sys.exit(main())
