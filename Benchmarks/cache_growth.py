#!/usr/bin/env python3
"""How big the thumbnail cache gets when pictures keep changing.

    python3 Benchmarks/cache_growth.py --gazetteer .build/release/gazetteer [--edits 100] [--days N] [--gc]

Writes a small guide (10 countries, 60 cities, each city with an SVG picture) into a
temporary folder, builds it, then makes `--edits` random picture edits (a city's picture
drawn again in another colour), building after each, and prints the number of files and the
bytes of the cache's thumbnails against those the site uses. `--days N` sets
`thumbnail_cache_days` (a gazetteer that knows the setting); `--gc` ends with
`gazetteer build --gc`.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile


def svg(colour, width=1000, height=750):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            f'<rect width="{width}" height="{height}" fill="{colour}"/>'
            f'<circle cx="{width // 2}" cy="{height // 2}" r="{height // 3}" fill="#ffffff"/></svg>\n')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def thumbnails(folder):
    names = [n for n in os.listdir(folder) if n.count(".") >= 2 and not n.startswith(".")] if os.path.isdir(folder) else []
    return len(names), sum(os.path.getsize(os.path.join(folder, n)) for n in names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--days", type=int)
    parser.add_argument("--gc", action="store_true")
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    guide = tempfile.mkdtemp(prefix="gazetteer-cache-growth-")
    try:
        settings = "title: Cache Growth\n" + (f"thumbnail_cache_days: {args.days}\n" if args.days is not None else "")
        write(os.path.join(guide, "gazetteer.yaml"), settings)
        cities = []
        for c in range(10):
            country = f"country-{c}"
            write(os.path.join(guide, f"content/countries/{country}.md"),
                  f"---\nname: Country {c}\ncontinents: [Europe]\nflag: flags/{country}.svg\n---\n\nA country.\n")
            write(os.path.join(guide, f"content/countries/flags/{country}.svg"), svg(f"#{rng.getrandbits(24):06x}", 300, 200))
            for k in range(6):
                city = f"city-{c}-{k}"
                cities.append(city)
                write(os.path.join(guide, f"content/cities/{city}.md"),
                      f"---\nname: City {c} {k}\ncountry: {country}\npicture: pictures/{city}.svg\n---\n\nA city.\n")
                write(os.path.join(guide, f"content/cities/pictures/{city}.svg"), svg(f"#{rng.getrandbits(24):06x}"))
        command = [os.path.abspath(args.gazetteer), "build", "--quiet", "--source", guide]

        def build(extra=()):
            done = subprocess.run(command + list(extra), capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"build failed:\n{done.stdout}\n{done.stderr}")

        build()
        start = thumbnails(os.path.join(guide, ".gazetteer-cache/images"))
        for _ in range(args.edits):
            city = rng.choice(cities)
            write(os.path.join(guide, f"content/cities/pictures/{city}.svg"), svg(f"#{rng.getrandbits(24):06x}"))
            build()
        if args.gc:
            build(["--gc"])
        cache = thumbnails(os.path.join(guide, ".gazetteer-cache/images"))
        used = thumbnails(os.path.join(guide, "site/images"))
        print(f"after the first build: {start[0]} thumbnails, {start[1] / 1e6:.2f} MB in the cache")
        print(f"after {args.edits} picture edits{' and --gc' if args.gc else ''}"
              f"{f' (thumbnail_cache_days: {args.days})' if args.days is not None else ''}: "
              f"cache {cache[0]} thumbnails, {cache[1] / 1e6:.2f} MB; the site uses {used[0]}, {used[1] / 1e6:.2f} MB")
    finally:
        shutil.rmtree(guide, ignore_errors=True)


if __name__ == "__main__":
    main()
