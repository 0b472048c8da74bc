#!/usr/bin/env python3
"""Measures a guide in two languages against the same guide in one (`make bench-languages`).

    python3 Benchmarks/bench_languages.py --gazetteer .build/release/gazetteer \\
        .bench/corpus-10k .bench/corpus-10k-fr

The two corpora are `make_corpus.py`'s with the same arguments, the second with
`--translate fr` (every entry translated: a name and a body). Each scenario runs `--runs`
times (3 by default); the table shows the median wall time and the median peak memory:

  cold, one language     the first corpus, empty output folder and cache
  cold, two languages    the second one likewise (the two alternate, run by run, so that
                         the load of a shared machine falls on both alike)
  fr city text           the second one, after a build: one city's French translation
                         (its text, `slug.fr.md`) edited, then an incremental build

Budgets (for the 10,000-page corpus): cold in two languages at most 1.6 times cold in one,
and one translation's edit at most 0.3 s. The corpora get a copy of the repository's
templates/ as `bench.py` gives them (so that the one-language figure is bench.py's own);
the edited translation is restored afterwards.
"""

import argparse
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import edit, restore, run_build, sync_theme  # noqa: E402

COLD_RATIO = 1.6          # two languages cold / one language cold, at most
EDIT_BUDGETS = {"corpus-10k-fr": 0.3}   # seconds for one translation's edit, by corpus


def fresh(corpus):
    shutil.rmtree(os.path.join(corpus, "site"), ignore_errors=True)
    shutil.rmtree(os.path.join(corpus, ".gazetteer-cache"), ignore_errors=True)


def build(gazetteer, corpus, label, index):
    sample = run_build(gazetteer, corpus, os.path.join(corpus, "site"))
    print(f"  {os.path.basename(corpus)} {label} #{index + 1}: {sample['wall']:.3f} s, {sample['rss'] // 1024} MB, "
          f"processor {sample['user']:.2f} s user + {sample['system']:.2f} s system  ({sample['summary']})", flush=True)
    return sample


def translated_city(corpus):
    """The French translation of the city in the middle of the list, as bench.py picks its city."""
    folder = os.path.join(corpus, "content/cities")
    cities = sorted(f for f in os.listdir(folder) if f.endswith(".md") and not f.endswith(".fr.md"))
    if not cities:
        sys.exit(f"{corpus} has no cities")
    path = os.path.join(folder, cities[len(cities) // 2][:-3] + ".fr.md")
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: make the corpus with make_corpus.py --translate fr")
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("one_language", help="the corpus without --translate")
    parser.add_argument("two_languages", help="the same corpus made with --translate fr")
    args = parser.parse_args()
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    gazetteer = os.path.abspath(args.gazetteer)
    one, two = os.path.abspath(args.one_language), os.path.abspath(args.two_languages)
    translation = translated_city(two)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start", flush=True)
    for corpus in (one, two):
        sync_theme(repository, corpus)

    results = {"cold, one language": [], "cold, two languages": [], "fr city text": []}
    for index in range(args.runs):
        for corpus, label in ((one, "cold, one language"), (two, "cold, two languages")):
            fresh(corpus)
            results[label].append(build(gazetteer, corpus, label, index))

    original = open(translation, encoding="utf-8").read()
    try:
        for index in range(args.runs):
            edit(translation, lambda text: text + f"\nModifié pour la mesure, essai {index + 1}.\n")
            results["fr city text"].append(build(gazetteer, two, "fr city text", index))
    finally:
        restore(translation, original)
        run_build(gazetteer, two, os.path.join(two, "site"))

    def median(label):
        return statistics.median(s["wall"] for s in results[label])

    cold_one, cold_two, edited = median("cold, one language"), median("cold, two languages"), median("fr city text")
    name = os.path.basename(os.path.normpath(two))
    budgets = {"cold, two languages": f"{COLD_RATIO:g}x = {COLD_RATIO * cold_one:.3f}",
               "fr city text": f"{EDIT_BUDGETS[name]:g}" if name in EDIT_BUDGETS else "-"}
    print()
    header = f"{'scenario':<22}{'median (s)':>12}{'peak MB':>9}{'processor (s)':>15}   budget (s)"
    print(header)
    print("-" * len(header))
    for label, samples in results.items():
        rss = statistics.median(s["rss"] for s in samples) / 1024
        cpu = statistics.median(s["user"] + s["system"] for s in samples)
        print(f"{label:<22}{median(label):>12.3f}{rss:>9.0f}{cpu:>15.2f}   {budgets.get(label, '-')}")
    print()
    ratio = cold_two / cold_one
    print(f"two languages cold / one language: {ratio:.2f}x (budget {COLD_RATIO:g}x): "
          + ("within" if ratio <= COLD_RATIO else "OVER"))
    if name in EDIT_BUDGETS:
        print(f"one translation's edit: {edited:.3f} s (budget {EDIT_BUDGETS[name]:g} s): "
              + ("within" if edited <= EDIT_BUDGETS[name] else "OVER"))
    else:
        print(f"one translation's edit: {edited:.3f} s (the 0.3 s budget is for corpus-10k-fr)")
    print(f"\nload average {os.getloadavg()[0]:.2f} at end (other processes share these cores)")


if __name__ == "__main__":
    main()
