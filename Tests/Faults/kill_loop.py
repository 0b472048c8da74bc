#!/usr/bin/env python3
"""Kills builds at random points and checks that the output is never a mix of two builds.

    python3 Tests/Faults/kill_loop.py --gazetteer .build/release/gazetteer --corpus .bench/corpus-2k

`make kill-test` runs it on a 2,000-page guide. Each round gives the guide a new title (every
page shows it, so every page changes), starts a build (incremental, or full with the build
record deleted), kills it with SIGKILL at a random moment, and reads every page of the output:
all of them must carry the same title, the one of the last build that finished or of the one
killed. Then a build that is not killed must succeed and publish the new title everywhere,
with nothing left beside the output but the spare folder and its note.

Some rounds are `build --gc` with unused thumbnails put into the cache first: killed while
pruning, the cache must still hold every thumbnail the output uses, each whole.
"""

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

TITLE = re.compile(rb'<a class="site-title" href="[^"]*">([^<]*)</a>')


def set_title(guide, title):
    path = os.path.join(guide, "gazetteer.yaml")
    lines = []
    if os.path.exists(path):
        with open(path) as f:
            lines = [line for line in f if not line.startswith("title:")]
    os.unlink(path) if os.path.exists(path) else None  # hard-linked from the corpus: replace
    with open(path, "w") as f:
        f.write(f"title: {title}\n" + "".join(lines))


def titles(output):
    found = {}
    for folder, _, files in os.walk(output):
        for name in files:
            if name.endswith(".html") and name != "404.html":
                with open(os.path.join(folder, name), "rb") as f:
                    match = TITLE.search(f.read())
                key = match.group(1).decode() if match else "(no title)"
                found[key] = found.get(key, 0) + 1
    return found


SIGNATURES = {"png": b"\x89PNG\r\n\x1a\n", "jpg": b"\xff\xd8\xff", "webp": b"RIFF"}


def add_unused_thumbnails(cache, rng, count=40):
    """Copies of cached thumbnails under names no page uses, for `--gc` to remove."""
    folder = os.path.join(cache, "images")
    names = sorted(n for n in os.listdir(folder) if n.count(".") >= 2 and not n.startswith("."))
    for name in rng.sample(names, min(count, len(names))):
        stem, _, extension = name.rsplit(".", 2)
        unused = f"{stem}-unused.{rng.getrandbits(32):08x}.{extension}"
        shutil.copyfile(os.path.join(folder, name), os.path.join(folder, unused))


def cache_problems(output, cache):
    """Thumbnails the output uses that the cache lost, and cached ones not whole."""
    folder = os.path.join(cache, "images")
    cached = set(os.listdir(folder))
    problems = [f"{name} used by the site, gone from the cache"
                for name in os.listdir(os.path.join(output, "images")) if name not in cached]
    for name in cached:
        extension = name.rsplit(".", 1)[-1]
        if name.startswith(".") or extension not in SIGNATURES:
            continue
        with open(os.path.join(folder, name), "rb") as f:
            if not f.read(8).startswith(SIGNATURES[extension]):
                problems.append(f"{name} in the cache is not whole")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    gazetteer = os.path.abspath(args.gazetteer)
    work = os.path.abspath(".bench/kill-test")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    guide = os.path.join(work, "guide")
    subprocess.run(["cp", "-al", os.path.abspath(args.corpus), guide], check=True)
    output, cache = os.path.join(work, "site"), os.path.join(work, "cache")
    command = [gazetteer, "build", "--quiet", "--source", guide, "--output", output, "--cache", cache]

    def build(title):
        set_title(guide, title)
        started = time.monotonic()
        subprocess.run(command, check=True)
        return time.monotonic() - started

    def forget_build_record():
        for name in os.listdir(cache):
            if name.startswith("manifest"):
                path = os.path.join(cache, name)
                # manifest.bin, and the folder of its parts
                shutil.rmtree(path) if os.path.isdir(path) else os.unlink(path)

    build("Round 0")  # makes the thumbnails, which every later build finds in the cache
    incremental = build("Round 0, incremental")
    forget_build_record()
    full = build("Round 0, full")
    published = "Round 0, full"
    print(f"kill-test: {sum(titles(output).values())} pages; uninterrupted, a full build takes {full:.2f} s "
          f"(thumbnails cached), an incremental one {incremental:.2f} s")
    mixed = 0
    for round in range(1, args.rounds + 1):
        title = f"Round {round}"
        kind = rng.choice(["incremental", "full", "gc"])
        if kind == "full":
            forget_build_record()
        if kind == "gc":
            add_unused_thumbnails(cache, rng)
        elif not os.path.exists(os.path.join(cache, "manifest.bin")):
            build(f"Round {round}, to have a build record")  # a killed build leaves none
            published = f"Round {round}, to have a build record"
        set_title(guide, title)
        # Anywhere in the build, and past its end now and then.
        delay = rng.uniform(0.1, 1.3) * (full if kind == "full" else incremental)
        process = subprocess.Popen(command + (["--gc"] if kind == "gc" else []))
        time.sleep(delay)
        finished = process.poll() is not None
        if not finished:
            process.send_signal(signal.SIGKILL)
        process.wait()
        seen = titles(output)
        if finished and process.returncode == 0:
            published = title
        lost = cache_problems(output, cache)
        ok = len(seen) == 1 and next(iter(seen)) in (published, title) and not lost
        if ok:
            published = next(iter(seen))
        else:
            mixed += 1
        print(f"round {round:2}: {kind:11} killed after {delay:5.2f} s{' (had finished)' if finished else ''}: "
              f"pages {dict(sorted(seen.items()))} {'ok' if ok else 'MIXED'}" + "".join(f"\n  {p}" for p in lost[:5]))
    set_title(guide, "Final")
    subprocess.run(command, check=True)
    final = titles(output)
    beside = sorted(name for name in os.listdir(work) if name not in ("guide", "site", "cache"))
    clean = final == {"Final": sum(final.values())} and set(beside) <= {".site.spare", ".site.spare.json", ".site.lock"}
    print(f"after the rounds: pages {final}, beside the output {beside}: {'ok' if clean else 'NOT CLEAN'}")
    print(f"kill-test: {args.rounds - mixed} of {args.rounds} killed builds left a whole site")
    sys.exit(0 if mixed == 0 and clean else 1)


if __name__ == "__main__":
    main()
