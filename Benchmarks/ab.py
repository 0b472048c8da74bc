#!/usr/bin/env python3
"""Compares two gazetteer binaries on one corpus, in ABBA order.

    python3 Benchmarks/ab.py --a OLD_BINARY --b NEW_BINARY [--scenario cold|text] \\
        [--pairs 2] [--rest 20] .bench/corpus-10k

Each binary builds its own copy of the corpus (`<corpus>.ab-a`, `<corpus>.ab-b`: content
hard-linked from the corpus, made on the first run and kept), with its own output and cache.
The runs go A B B A A B ...: this machine slows under sustained load, and in runs made
back to back the second of a pair used 10-25% more processor time than the first
(Benchmarks/results/one-thread-makes-files.md), so a fixed order favours the binary that
runs first. Before each run the machine rests `--rest` seconds.

  cold   no output, no cache, no spare (every thumbnail made)
  text   one city's body edited (the file replaced, not changed in place, so that the
         other copy's hard link keeps the old text until its own edit); each copy is built
         once first

Prints every run (wall, user, system, peak memory, and the stages of `--timings`), then the
medians of each binary.
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

STAGES = ["load", "parse", "markdown", "model", "render", "thumbnails", "search", "write"]


def copy_corpus(corpus, suffix):
    target = corpus.rstrip("/") + suffix
    if not os.path.isdir(target):
        os.makedirs(target)
        subprocess.run(["cp", "-al", os.path.join(corpus, "content"), target], check=True)
        for name in ("gazetteer.yaml",):
            if os.path.exists(os.path.join(corpus, name)):
                shutil.copy(os.path.join(corpus, name), target)
        for name in ("templates", "static"):
            if os.path.isdir(os.path.join(corpus, name)):
                shutil.copytree(os.path.join(corpus, name), os.path.join(target, name))
    return target


def clear(corpus):
    for name in ("site", ".gazetteer-cache", ".site.spare"):
        shutil.rmtree(os.path.join(corpus, name), ignore_errors=True)
    if os.path.exists(os.path.join(corpus, ".site.spare.json")):
        os.unlink(os.path.join(corpus, ".site.spare.json"))


def edit(corpus, count):
    folder = os.path.join(corpus, "content", "cities")
    cities = sorted(name for name in os.listdir(folder) if name.endswith(".md"))
    path = os.path.join(folder, cities[len(cities) // 2])
    text = open(path, encoding="utf-8").read()
    if "\nBenchmark edit" in text:
        text = text[:text.index("\nBenchmark edit")]
    temporary = path + ".ab"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(text + f"\nBenchmark edit {count}.\n")
    os.replace(temporary, path)


def build(binary, corpus):
    with tempfile.TemporaryFile(mode="w+") as out:
        start = time.perf_counter()
        child = subprocess.Popen([binary, "build", "--source", corpus, "--output", os.path.join(corpus, "site"), "--timings"],
                                 stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read()
    if status != 0:
        sys.exit(f"{binary}: the build failed:\n{text}")
    run = {"wall": wall, "user": usage.ru_utime, "system": usage.ru_stime, "memory MB": usage.ru_maxrss / 1024}
    for line in text.splitlines():
        match = re.match(r"(\w+)\s+([\d.]+) ms$", line)
        if match and match.group(1) in STAGES:
            run[match.group(1)] = float(match.group(2)) / 1000
    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", required=True, help="the first binary (the old one)")
    parser.add_argument("--b", required=True, help="the second binary (the new one)")
    parser.add_argument("--scenario", choices=["cold", "text"], default="cold")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of runs (default 2: A B B A)")
    parser.add_argument("--rest", type=float, default=20, help="seconds of rest before each run (default 20)")
    parser.add_argument("corpus")
    args = parser.parse_args()
    binaries = {"A": os.path.abspath(args.a), "B": os.path.abspath(args.b)}
    copies = {"A": copy_corpus(args.corpus, ".ab-a"), "B": copy_corpus(args.corpus, ".ab-b")}
    if args.scenario == "text":
        for side in "AB":
            build(binaries[side], copies[side])
    order = []
    for pair in range(args.pairs):
        order += ["A", "B"] if pair % 2 == 0 else ["B", "A"]
    runs = {"A": [], "B": []}
    for count, side in enumerate(order, 1):
        corpus = copies[side]
        if args.scenario == "cold":
            clear(corpus)
            subprocess.run(["sync"])
        else:
            edit(corpus, count)
        time.sleep(args.rest)
        run = build(binaries[side], corpus)
        runs[side].append(run)
        print(f"{side} " + "  ".join(f"{key} {value:.2f}" for key, value in run.items()), flush=True)
    for side in "AB":
        keys = [key for key in runs[side][0]]
        medians = "  ".join(f"{key} {statistics.median(run.get(key, 0) for run in runs[side]):.2f}" for key in keys)
        print(f"median {side} ({binaries[side]}): {medians}")


if __name__ == "__main__":
    main()
