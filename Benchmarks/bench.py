#!/usr/bin/env python3
"""Measures `gazetteer build` on the synthetic guides `make_corpus.py` writes.

    python3 Benchmarks/bench.py --gazetteer .build/release/gazetteer .bench/corpus-1k .bench/corpus-10k

For each corpus, each scenario runs `--runs` times (3 by default); the table shows the
median wall time and the median peak memory (maximum resident set size, from
`/usr/bin/time -v`), and the stage times (`--timings`) of the median run:

  cold            empty output folder and empty cache, no spare beside the output (every
                  thumbnail made)
  warm            nothing changed since the last build
  city body       one city's Markdown body edited
  city name       one city's name (front matter) edited: the lists showing it change too
  template        templates/city.mustache edited: every city page changes
  static file     one file of static/ changed (static/benchmark.txt, made before the first run
                  and removed afterwards)

The corpus gets a copy of the repository's templates/ (the default theme) so that a
template can be edited; edited files are restored afterwards.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TARGETS = {  # seconds, for the 10,000-page corpus (and the 1,000-page one)
    "corpus-10k": {"cold": 18, "warm": 0.33, "city body": 0.3, "city name": 0.3, "city added": 0.3,
                   "city moved": 0.35, "static file": 0.1},
    "corpus-1k": {"cold": 2.9, "warm": 0.1},
    "corpus-100k": {"cold": 300, "warm": 0.5},
    "corpus-flags": {"cold": 0.8},
}
STAGES = ["load", "parse", "markdown", "model", "render", "thumbnails", "write"]


def run_build(gazetteer, corpus, output):
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as report:
        start = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-v", "-o", report.name, gazetteer, "build", "--source", corpus,
             "--output", output, "--timings"],
            capture_output=True, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"build failed:\n{done.stdout}\n{done.stderr}")
        text = report.read()
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
        user = float(re.search(r"User time \(seconds\): ([\d.]+)", text).group(1))
        system = float(re.search(r"System time \(seconds\): ([\d.]+)", text).group(1))
    stages = {}
    for line in done.stdout.splitlines():
        match = re.match(r"(\w+)\s+([\d.]+) ms$", line.strip())
        if match and match.group(1) in STAGES:
            stages[match.group(1)] = float(match.group(2)) / 1000
    summary = done.stdout.splitlines()[0] if done.stdout else ""
    return {"wall": wall, "rss": rss, "user": user, "system": system, "stages": stages, "summary": summary}


def sync_theme(repository, corpus):
    """templates/ of the corpus = the repository's, copied only where different."""
    source = os.path.join(repository, "templates")
    target = os.path.join(corpus, "templates")
    for folder, _, files in os.walk(source):
        for name in files:
            src = os.path.join(folder, name)
            dst = os.path.join(target, os.path.relpath(src, source))
            if not os.path.exists(dst) or open(src, "rb").read() != open(dst, "rb").read():
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)


def edit(path, change):
    with open(path, encoding="utf-8") as f:
        original = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(change(original))
    return original


def restore(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def measure(gazetteer, corpus, runs, only):
    name = os.path.basename(os.path.normpath(corpus))
    output = os.path.join(corpus, "site")
    cache = os.path.join(corpus, ".gazetteer-cache")
    folder = os.path.join(corpus, "content/cities")
    cities = sorted(f for f in os.listdir(folder) if f.endswith(".md")) if os.path.isdir(folder) else []
    template = os.path.join(corpus, "templates/city.mustache")
    results = {}

    def scenario(label, prepare=None, cleanup=None):
        if only and label not in only:
            return
        samples = []
        for index in range(runs):
            if prepare:
                prepare(index)
            samples.append(run_build(gazetteer, corpus, output))
            print(f"  {name} {label} #{index + 1}: {samples[-1]['wall']:.3f} s, "
                  f"{samples[-1]['rss'] // 1024} MB, processor {samples[-1]['user']:.2f} s user + "
                  f"{samples[-1]['system']:.2f} s system  ({samples[-1]['summary']})", flush=True)
        if cleanup:
            cleanup()
            run_build(gazetteer, corpus, output)
        results[label] = samples

    def cold(_):
        # As on a first build: no output, no cache, and no spare of an earlier output beside
        # it (a full build leaves one; removing it is work a first build never does).
        shutil.rmtree(output, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(os.path.join(corpus, ".site.spare"), ignore_errors=True)
        if os.path.exists(os.path.join(corpus, ".site.spare.json")):
            os.unlink(os.path.join(corpus, ".site.spare.json"))

    scenario("cold", cold)
    if os.path.exists(output):
        results["weights"] = page_weights(output)
    if not os.path.exists(os.path.join(cache, "manifest.bin")):
        run_build(gazetteer, corpus, output)
    scenario("warm")

    if not cities:  # countries alone (corpus-flags): cold and warm only
        return name, results
    city = os.path.join(corpus, "content/cities", cities[len(cities) // 2])
    original_city = open(city, encoding="utf-8").read()
    scenario("city body", lambda i: edit(city, lambda t: t + f"\nEdited for the benchmark, run {i + 1}.\n"),
             lambda: restore(city, original_city))
    scenario("city name", lambda i: edit(city, lambda t: re.sub(r"^name: (.*)$", rf"name: \1 Edited {i + 1}", t,
                                                                count=1, flags=re.M)),
             lambda: restore(city, original_city))
    def move(text, i):
        # A tenth of a degree north each run: the city's map and its neighbours' lists change.
        def shifted(match):
            return f"position: {float(match.group(1)) + 0.1 * (i + 1):.5f}, {match.group(2)}"
        return re.sub(r"^position: ([-0-9.]+), ([-0-9.]+)$", shifted, text, count=1, flags=re.M)

    if re.search(r"^position: ", original_city, flags=re.M):
        scenario("city moved", lambda i: edit(city, lambda t: move(t, i)), lambda: restore(city, original_city))
    added = os.path.join(corpus, "content/cities", "zz-benchmark-added.md")
    country_line = re.search(r"^country: .*$", original_city, flags=re.M).group(0)

    def add_city(i):
        with open(added, "w", encoding="utf-8") as f:
            f.write(f"---\nname: Zz Added {i + 1}\n{country_line}\n---\n\nA city added for the benchmark.\n")

    def remove_added():
        if os.path.exists(added):
            os.unlink(added)

    scenario("city added", lambda i: (remove_added(), run_build(gazetteer, corpus, output), add_city(i)), remove_added)
    static_file = os.path.join(corpus, "static", "benchmark.txt")

    def change_static(i):
        if not os.path.exists(static_file):
            os.makedirs(os.path.dirname(static_file), exist_ok=True)
            with open(static_file, "w", encoding="utf-8") as f:
                f.write("A file of static/ for the benchmark.\n")
            run_build(gazetteer, corpus, output)
        with open(static_file, "w", encoding="utf-8") as f:
            f.write(f"A file of static/ for the benchmark, run {i + 1}.\n")

    def remove_static():
        if os.path.exists(static_file):
            os.unlink(static_file)
            if not os.listdir(os.path.dirname(static_file)):
                os.rmdir(os.path.dirname(static_file))

    scenario("static file", change_static, remove_static)
    original_template = open(template, encoding="utf-8").read()
    scenario("template", lambda i: edit(template, lambda t: t + f"<!-- benchmark run {i + 1} -->\n"),
             lambda: restore(template, original_template))
    return name, results


def page_weights(output):
    """The largest HTML page, and the bytes of a first view (the page, its CSS and scripts, what
    its <object> elements show, and the pictures it does not load lazily) of the largest page
    and of the index."""
    largest, size = None, 0
    for folder, _, files in os.walk(output):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                if os.path.getsize(path) > size:
                    largest, size = path, os.path.getsize(path)

    def first_view(page):
        html = open(page, encoding="utf-8").read()
        base = os.path.dirname(page)
        total = len(html.encode())
        # The stylesheet, the scripts and what <object> shows (the index's world map).
        for ref in (re.findall(r'<link rel="stylesheet" href="([^"]+)"', html) + re.findall(r'<script src="([^"]+)"', html)
                    + re.findall(r'<object [^>]*data="([^"]+)"', html)):
            path = os.path.normpath(os.path.join(base, ref))
            total += os.path.getsize(path) if os.path.exists(path) else 0
        for tag in re.findall(r"<img [^>]*>", html):
            if 'loading="lazy"' in tag:
                continue
            match = re.search(r'src="([^"]+)"', tag)
            path = os.path.normpath(os.path.join(base, match.group(1))) if match else None
            total += os.path.getsize(path) if path and os.path.exists(path) else 0
        return total

    index = os.path.join(output, "index.html")
    return {"largest": os.path.relpath(largest, output), "largest KB": size / 1024,
            "first view KB (largest)": first_view(largest) / 1024, "first view KB (index)": first_view(index) / 1024}


def median_run(samples):
    ordered = sorted(samples, key=lambda s: s["wall"])
    return ordered[len(ordered) // 2]


def print_table(all_results):
    labels = ["cold", "warm", "city body", "city name", "city moved", "city added", "template", "static file"]
    print()
    header = f"{'scenario':<11}" + "".join(f"{name + ' (s)':>16}{'peak MB':>9}{'target':>8}" for name, _ in all_results)
    print(header)
    print("-" * len(header))
    for label in labels:
        row = f"{label:<11}"
        for name, results in all_results:
            samples = results.get(label)
            if not samples:
                row += f"{'':>16}{'':>9}{'':>8}"
                continue
            wall = statistics.median(s["wall"] for s in samples)
            rss = statistics.median(s["rss"] for s in samples) / 1024
            target = TARGETS.get(name, {}).get(label)
            row += f"{wall:>16.3f}{rss:>9.0f}{(f'{target:g}' if target else '-'):>8}"
        print(row)
    print()
    for name, results in all_results:
        weights = results.get("weights")
        if weights:
            print(f"  {name}: largest page {weights['largest']} {weights['largest KB']:.1f} KB; first view "
                  f"{weights['first view KB (largest)']:.1f} KB (that page), {weights['first view KB (index)']:.1f} KB (index)")
    print()
    print("Stage times of the median run (s):")
    for name, results in all_results:
        for label in labels:
            samples = results.get(label)
            if not samples:
                continue
            stages = median_run(samples)["stages"]
            print(f"  {name:<11} {label:<10} " + "  ".join(f"{s} {stages.get(s, 0):.3f}" for s in STAGES))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", action="append", help="run only this scenario (repeatable)")
    parser.add_argument("corpora", nargs="+")
    args = parser.parse_args()
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    gazetteer = os.path.abspath(args.gazetteer)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start", flush=True)
    all_results = []
    for corpus in args.corpora:
        sync_theme(repository, corpus)
        all_results.append(measure(gazetteer, os.path.abspath(corpus), args.runs, args.only))
    print_table(all_results)
    print(f"\nload average {os.getloadavg()[0]:.2f} at end (other processes share these cores)")


if __name__ == "__main__":
    main()
