#!/usr/bin/env python3
"""Compares two gazetteer binaries on one corpus, in ABBA order.

    python3 Benchmarks/ab.py --a OLD_BINARY --b NEW_BINARY [--scenario cold|text|translation|template] \\
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
  translation  the same for one city's translation (`slug.fr.md`, of the middle city, as
         `bench_languages.py` edits it): for a corpus made with `--translate fr`
  template  a comment added to the copy's `templates/city.mustache` (every city's page made
         again); each copy is built once first

`--together` runs A and B at the same time instead, each pinned to a core of its own
(`taskset`; the cores swap every round), after the same rest: both see the machine in the
same state, so the speed this machine drifts through from minute to minute cancels out, and
the ratio of processor times round by round says more than runs one after the other. Each
build is then one thread's worth of work on one core: compare processor time, not wall time.

Prints every run (wall, user, system, peak memory, and the stages of `--timings`), then the
medians of each binary (and with `--together`, B's processor time over A's, round by round).
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


def edit(corpus, count, translation=False):
    folder = os.path.join(corpus, "content", "cities")
    cities = sorted(name for name in os.listdir(folder) if name.endswith(".md") and not name.endswith(".fr.md"))
    path = os.path.join(folder, cities[len(cities) // 2])
    if translation:
        path = path[:-3] + ".fr.md"
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: make the corpus with make_corpus.py --translate fr")
    text = open(path, encoding="utf-8").read()
    if "\nBenchmark edit" in text:
        text = text[:text.index("\nBenchmark edit")]
    temporary = path + ".ab"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(text + f"\nBenchmark edit {count}.\n")
    os.replace(temporary, path)


def start_build(binary, corpus, core=None):
    """The build started, its output going to a temporary file: (child, file, start time)."""
    out = tempfile.TemporaryFile(mode="w+")
    command = [binary, "build", "--source", corpus, "--output", os.path.join(corpus, "site"), "--timings"]
    if core is not None:
        command = ["taskset", "-c", str(core)] + command
    return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT), out, time.perf_counter()


def finish_build(binary, started):
    child, out, start = started
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    out.seek(0)
    text = out.read()
    out.close()
    if status != 0:
        sys.exit(f"{binary}: the build failed:\n{text}")
    run = {"wall": wall, "user": usage.ru_utime, "system": usage.ru_stime, "memory MB": usage.ru_maxrss / 1024}
    for line in text.splitlines():
        match = re.match(r"(\w+)\s+([\d.]+) ms$", line)
        if match and match.group(1) in STAGES:
            run[match.group(1)] = float(match.group(2)) / 1000
    return run


def build(binary, corpus):
    return finish_build(binary, start_build(binary, corpus))


def edit_template(corpus, count):
    path = os.path.join(corpus, "templates", "city.mustache")
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: the template scenario needs a corpus with its own templates")
    text = open(path, encoding="utf-8").read()
    if "\n<!-- benchmark edit" in text:
        text = text[:text.index("\n<!-- benchmark edit")]
    with open(path + ".ab", "w", encoding="utf-8") as out:
        out.write(text + f"\n<!-- benchmark edit {count} -->\n")
    os.replace(path + ".ab", path)


def prepare(scenario, corpus, count):
    if scenario == "cold":
        clear(corpus)
        subprocess.run(["sync"])
    elif scenario == "template":
        edit_template(corpus, count)
    else:
        edit(corpus, count, translation=scenario == "translation")


def describe(side, run):
    return f"{side} " + "  ".join(f"{key} {value:.2f}" for key, value in run.items())


def together(args, binaries, copies, runs):
    """Each round: both prepared, one rest, then A and B at once on cores of their own."""
    if not shutil.which("taskset"):
        sys.exit("--together needs taskset (Debian's util-linux)")
    ratios = []
    for count in range(1, args.pairs + 1):
        for side in "AB":
            prepare(args.scenario, copies[side], count)
        time.sleep(args.rest)
        cores = {"A": count % 2, "B": (count + 1) % 2}
        started = {side: start_build(binaries[side], copies[side], cores[side]) for side in "AB"}
        for side in "AB":
            run = finish_build(binaries[side], started[side])
            runs[side].append(run)
            print(describe(side, run), flush=True)
        a, b = runs["A"][-1], runs["B"][-1]
        ratios.append((b["user"] + b["system"]) / (a["user"] + a["system"]))
        print(f"round {count}: B/A processor time {ratios[-1]:.3f}", flush=True)
    return ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", required=True, help="the first binary (the old one)")
    parser.add_argument("--b", required=True, help="the second binary (the new one)")
    parser.add_argument("--scenario", choices=["cold", "text", "translation", "template"], default="cold")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of runs (default 2: A B B A)")
    parser.add_argument("--rest", type=float, default=20, help="seconds of rest before each run (default 20)")
    parser.add_argument("--together", action="store_true",
                        help="run A and B at the same time, each on a core of its own (--pairs rounds)")
    parser.add_argument("--a-corpus", help="A's own guide, used in place (for a binary older than the corpus: "
                        "a copy made by that version's make_corpus.py)")
    parser.add_argument("--b-corpus", help="B's own guide, used in place (the same guide with other settings, say)")
    parser.add_argument("corpus")
    args = parser.parse_args()
    binaries = {"A": os.path.abspath(args.a), "B": os.path.abspath(args.b)}
    copies = {"A": args.a_corpus or copy_corpus(args.corpus, ".ab-a"), "B": args.b_corpus or copy_corpus(args.corpus, ".ab-b")}
    if args.scenario != "cold":
        for side in "AB":
            build(binaries[side], copies[side])
    runs = {"A": [], "B": []}
    ratios = together(args, binaries, copies, runs) if args.together else None
    order = []
    for pair in range(0 if args.together else args.pairs):
        order += ["A", "B"] if pair % 2 == 0 else ["B", "A"]
    for count, side in enumerate(order, 1):
        prepare(args.scenario, copies[side], count)
        time.sleep(args.rest)
        run = build(binaries[side], copies[side])
        runs[side].append(run)
        print(describe(side, run), flush=True)
    for side in "AB":
        keys = [key for key in runs[side][0]]
        medians = "  ".join(f"{key} {statistics.median(run.get(key, 0) for run in runs[side]):.2f}" for key in keys)
        print(f"median {side} ({binaries[side]}): {medians}")
    if ratios:
        print("B/A processor time by round: " + " ".join(f"{r:.3f}" for r in ratios)
              + f"  median {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
