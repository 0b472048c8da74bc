#!/usr/bin/env python3
"""Measures the flag formats on Debian's 249 real flags, as the site build makes them.

    python3 Benchmarks/flag_formats.py --gazetteer .build/release/gazetteer .bench/corpus-flags

The corpus is `make_corpus.py --countries 249 --cities 0 --flags /usr/share/iso-flags-svg/country-4x3`
(the drawn SVG flags) or `--flags /usr/share/iso-flags-png-320x240` (the glossy, anti-aliased PNG
flags; `make flag-formats-png`).
For each format the flag presets (table, gallery, large, icon) are set to it in the corpus's
gazetteer.yaml and the guide is built cold `--runs` times; reported: the thumbnail bytes (all,
and those of the index page: every flag at 1x and 2x), the thumbnail stage's wall and processor
time (median run), and the SSIM of every thumbnail against the truecolour PNG of the same
preset and scale (scikit-image; transparent pixels over white, as pages show them).
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

FORMATS = ["png", "png-palette", "png-adaptive", "webp-adaptive", "webp-lossless", "webp"]
PRESETS = {"table": (115, 75), "gallery": (88, 49), "large": (360, 240), "icon": (36, 24)}


def build(gazetteer, corpus, output):
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(os.path.join(corpus, ".gazetteer-cache"), ignore_errors=True)
    done = subprocess.run([gazetteer, "build", "--source", corpus, "--output", output, "--timings"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(done.stdout + done.stderr)
    wall = float(re.search(r"^thumbnails\s+([\d.]+) ms$", done.stdout, re.M).group(1)) / 1000
    processor = re.search(r"^  thumbnails\s+([\d.]+) ms", done.stdout, re.M)
    total = float(re.search(r"^total\s+([\d.]+) ms$", done.stdout, re.M).group(1)) / 1000
    return {"wall": wall, "processor": float(processor.group(1)) / 1000 if processor else 0, "total": total}


def index_bytes(output):
    html = open(os.path.join(output, "index.html"), encoding="utf-8").read()
    refs = set()
    for tag in re.findall(r"<img [^>]*>", html):
        for value in re.findall(r'(?:src|srcset)="([^"]+)"', tag):
            refs.update(part.strip().split(" ")[0] for part in value.split(","))
    return sum(os.path.getsize(os.path.join(output, ref)) for ref in refs)


def pixels(path):
    import numpy as np
    from PIL import Image
    image = Image.open(path).convert("RGBA")
    a = np.asarray(image, dtype=np.float64)
    alpha = a[:, :, 3:4] / 255
    return a[:, :, :3] * alpha + 255 * (1 - alpha)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("corpus")
    args = parser.parse_args()
    from skimage.metrics import structural_similarity
    corpus = os.path.abspath(args.corpus)
    settings = os.path.join(corpus, "gazetteer.yaml")
    original = open(settings, encoding="utf-8").read()
    results = {}
    try:
        for fmt in FORMATS:
            with open(settings, "w", encoding="utf-8") as f:
                f.write(original + "thumbnails:\n" + "".join(f"  {p}: {{format: {fmt}}}\n" for p in PRESETS))
            output = os.path.join("/tmp", f"gazetteer-flag-formats-{fmt}")
            runs = sorted((build(args.gazetteer, corpus, output) for _ in range(args.runs)), key=lambda r: r["total"])
            print(f"{fmt}: " + ", ".join(f"total {r['total']:.2f} s, thumbnails processor {r['processor']:.2f} s" for r in runs), flush=True)
            files = pair(output)
            results[fmt] = {"run": runs[len(runs) // 2], "files": files,
                            "bytes": sum(os.path.getsize(p) for p in set(files.values())), "index": index_bytes(output)}
            print(f"{fmt}: built {args.runs}x", flush=True)
        # SSIM of each thumbnail against the truecolour one of the same flag, preset and scale:
        # pages list flags in the same order whatever the format, so names pair up by position.
        reference = results["png"]["files"]
        for fmt in FORMATS:
            scores = []
            worst = (1.0, "")
            for key, path in sorted(results[fmt]["files"].items()):
                score = structural_similarity(pixels(reference[key]), pixels(path), channel_axis=2, data_range=255)
                scores.append(score)
                if score < worst[0]:
                    worst = (score, " ".join(key))
            results[fmt]["ssim"] = scores
            results[fmt]["worst"] = worst
    finally:
        with open(settings, "w", encoding="utf-8") as f:
            f.write(original)
    print(f"\n{len(results['png']['ssim'])} thumbnails of {len(os.listdir(os.path.join(corpus, 'content/countries/flags')))} flags")
    print(f"{'format':<15}{'KB all':>9}{'KB index':>10}{'stage s':>9}{'processor s':>13}{'ms/thumb':>9}{'mean SSIM':>11}{'min SSIM':>10}{'< 0.99':>8}  worst")
    for fmt in FORMATS:
        r = results[fmt]
        per = r['run']['processor'] * 1000 / max(1, len(set(r['files'].values())))
        print(f"{fmt:<15}{r['bytes'] / 1024:>9.0f}{r['index'] / 1024:>10.0f}{r['run']['wall']:>9.2f}{r['run']['processor']:>13.2f}{per:>9.2f}"
              f"{statistics.mean(r['ssim']):>11.4f}{min(r['ssim']):>10.4f}{sum(s < 0.99 for s in r['ssim']):>8}  {r['worst'][1]}")


def pair(output):
    """{(country slug, preset, scale): path}: the index shows every table flag, the gallery every
    gallery flag, each country page its large flag."""
    found = {}
    for page, preset in [("index.html", "table"), ("flags/index.html", "gallery")]:
        html = open(os.path.join(output, page), encoding="utf-8").read()
        for srcset in re.findall(r'srcset="([^"]+)"', html):
            for candidate in srcset.split(","):
                ref, scale = candidate.strip().split(" ")
                stem = os.path.basename(ref).split(".")[0]
                found[(stem, preset, scale)] = os.path.normpath(os.path.join(output, os.path.dirname(page), ref))
    countries = os.path.join(output, "countries")
    for name in sorted(os.listdir(countries)):
        html = open(os.path.join(countries, name), encoding="utf-8").read()
        match = re.search(r'<figure class="flag-large">.*?srcset="([^"]+)"', html, re.S)
        if match:
            for candidate in match.group(1).split(","):
                ref, scale = candidate.strip().split(" ")
                found[(name[:-5], "large", scale)] = os.path.normpath(os.path.join(countries, ref))
    return found


if __name__ == "__main__":
    main()
