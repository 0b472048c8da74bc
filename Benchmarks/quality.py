#!/usr/bin/env python3
"""Photo thumbnail quality on real photographs, against libvips' own thumbnails (`make quality`).

    python3 Benchmarks/quality.py --gazetteer .build/release/gazetteer [--work .build/quality]

The photographs are read at run time from installed packages, never copied into the
repository: the 2560x1600 wallpapers of Debian's plasma-workspace-wallpapers and the sample
photographs in scikit-image's wheel. Each is cut to 1000x750 (libvips' thumbnail, centre crop)
and saved six ways: baseline and progressive 4:2:0 JPEG and 4:4:4 JPEG (quality 85), PNG, a JPEG stored
turned with EXIF orientation 6, and CMYK JPEG. A guide with one city per file is built, and
each card (250x188) and small (125x94) thumbnail, at 1x and 2x, is compared with a lossless
reference, `vips thumbnail SRC ref.png W --height H --crop centre`, by SSIM (scikit-image, RGB),
with `--export-profile srgb` where the source carries an RGB profile other than sRGB (such as
the Adobe RGB of scikit-image's rocket.jpg): thumbnails are converted to sRGB, as browsers show
them, and without it libvips leaves the pixels in that profile's space, so that the comparison
would measure the colour space, not the picture. libvips' own thumbnail saved as JPEG quality 82
is the bar: our mean SSIM at least its mean, no image more than 0.01 below it, at no more bytes
in total.
"""

import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

PRESETS = {"card": (250, 188), "small": (125, 94)}
VARIANTS = ["baseline", "progressive", "444", "png", "rotated", "cmyk"]


def sources():
    found = []
    for path in sorted(glob.glob("/usr/share/wallpapers/*/contents/images/2560x1600.jpg")):
        found.append((path.split("/")[4].lower().replace("_", "-"), path))
    try:
        import skimage
        folder = os.path.join(os.path.dirname(skimage.__file__), "data")
        for name in ["astronaut.png", "chelsea.png", "coffee.png", "rocket.jpg", "motorcycle_left.png"]:
            if os.path.exists(os.path.join(folder, name)):
                found.append((name.split(".")[0].replace("_", "-"), os.path.join(folder, name)))
    except ImportError:
        pass
    return found


def make_sources(work, pyvips):
    pictures = os.path.join(work, "guide/content/cities/pictures")
    os.makedirs(pictures, exist_ok=True)
    made = []
    for name, path in sources():
        photo = pyvips.Image.thumbnail(path, 1000, height=750, crop="centre")
        if photo.bands == 4:
            photo = photo.flatten(background=[255, 255, 255])
        photo = photo.copy_memory()
        for variant in VARIANTS:
            stem = f"{name}-{variant}"
            if variant == "png":
                file = f"{stem}.png"
                photo.pngsave(os.path.join(pictures, file))
            elif variant == "rotated":
                file = f"{stem}.jpg"
                turned = photo.rot270().copy()
                turned.set_type(pyvips.GValue.gint_type, "orientation", 6)
                turned.jpegsave(os.path.join(pictures, file), Q=90)
            elif variant == "cmyk":
                file = f"{stem}.jpg"
                photo.colourspace("cmyk").jpegsave(os.path.join(pictures, file), Q=90)
            else:
                file = f"{stem}.jpg"
                photo.jpegsave(os.path.join(pictures, file), Q=85, interlace=variant == "progressive",
                               subsample_mode="off" if variant == "444" else "auto")
            made.append((stem, os.path.join(pictures, file)))
    return made


def write_guide(work, made):
    guide = os.path.join(work, "guide")
    os.makedirs(os.path.join(guide, "content/countries"), exist_ok=True)
    with open(os.path.join(guide, "content/countries/testland.md"), "w") as f:
        f.write("---\nname: Testland\ncontinents: [Europe]\n---\n\nA country for the quality test.\n")
    for stem, path in made:
        with open(os.path.join(guide, f"content/cities/{stem}.md"), "w") as f:
            f.write(f"---\nname: {stem}\ncountry: testland\npicture: pictures/{os.path.basename(path)}\n---\n\nA photograph.\n")
    with open(os.path.join(guide, "gazetteer.yaml"), "w") as f:
        f.write("title: Quality\npage_size: 1000\n")
    return guide


def thumbnails(output):
    """{(stem, preset, scale): path} from the city pages (card) and the City Guide (small)."""
    found = {}
    for page in glob.glob(os.path.join(output, "cities", "*.html")):
        html = open(page, encoding="utf-8").read()
        for preset in PRESETS:
            for match in re.finditer(r'<span class="thumb thumb-' + preset + r'"><img ([^>]*)>', html):
                tag = match.group(1)
                srcset = re.search(r'srcset="([^"]+)"', tag).group(1)
                for candidate in srcset.split(","):
                    ref, scale = candidate.strip().split(" ")
                    stem = os.path.basename(ref).split(".")[0]
                    found[(stem, preset, scale)] = os.path.normpath(os.path.join(os.path.dirname(page), ref))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--work", default=".build/quality")
    args = parser.parse_args()
    import numpy as np
    import pyvips
    from skimage.metrics import structural_similarity

    made = sources()
    if not made:
        print("no photographs installed (apt-get install plasma-workspace-wallpapers; pip install scikit-image): skipped")
        return
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    made = make_sources(work, pyvips)
    guide = write_guide(work, made)
    output = os.path.join(work, "site")
    start = time.perf_counter()
    done = subprocess.run([os.path.abspath(args.gazetteer), "build", "--source", guide, "--output", output, "--timings"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(done.stdout + done.stderr)
    thumbs_ms = float(re.search(r"^thumbnails\s+([\d.]+) ms$", done.stdout, re.M).group(1))
    ours = thumbnails(output)

    def pixels(image):
        if image.bands == 4:
            image = image.flatten(background=[255, 255, 255])
        return np.ndarray(buffer=image.write_to_memory(), dtype=np.uint8,
                          shape=[image.height, image.width, image.bands]).astype(np.float64)

    # A picture with an embedded RGB profile other than sRGB (rocket.jpg's Adobe RGB): we convert
    # it to sRGB, as browsers show, and so does the reference (without export_profile libvips
    # would leave its pixels in Adobe RGB and the comparison would measure the colour space).
    def foreign_profile(path):
        image = pyvips.Image.new_from_file(path)
        if not image.get_typeof("icc-profile-data"):
            return False
        profile = image.get("icc-profile-data")
        return profile[16:20] == b"RGB " and b"sRGB" not in profile
    foreign = {stem for stem, path in made if foreign_profile(path)}
    rows = []
    vips_seconds = 0.0
    for stem, path in made:
        for preset, (width, height) in PRESETS.items():
            for scale in ("1x", "2x"):
                w, h = width * int(scale[0]), height * int(scale[0])
                key = (stem, preset, scale)
                if key not in ours:
                    sys.exit(f"no {preset} {scale} thumbnail of {stem} in the built site")
                t = time.perf_counter()
                # Colour-managed to sRGB where the source has a profile of another space.
                managed = {"export_profile": "srgb"} if stem in foreign else {}
                thumb = pyvips.Image.thumbnail(path, w, height=h, crop="centre", **managed)
                # Grey stays grey (libvips' thumbnail of a grey photograph is grey, and so is ours).
                if thumb.interpretation != "b-w":
                    thumb = thumb.colourspace("srgb")
                reference = pixels(thumb.copy_memory())
                theirs_bytes = thumb.jpegsave_buffer(Q=82, strip=True)
                vips_seconds += time.perf_counter() - t
                theirs = pixels(pyvips.Image.new_from_buffer(theirs_bytes, ""))
                mine = pyvips.Image.new_from_file(ours[key])
                mine = pixels(mine.colourspace("b-w" if thumb.interpretation == "b-w" else "srgb"))
                if mine.shape != reference.shape:
                    sys.exit(f"{ours[key]} is {mine.shape}, the reference {reference.shape}")
                rows.append({
                    "key": key, "ours": structural_similarity(reference, mine, channel_axis=2, data_range=255),
                    "vips": structural_similarity(reference, theirs, channel_axis=2, data_range=255),
                    "ours bytes": os.path.getsize(ours[key]), "vips bytes": len(theirs_bytes),
                    "format": os.path.splitext(ours[key])[1][1:]})

    print(f"{len(made)} photographs ({len(made) // len(VARIANTS)} pictures x {len(VARIANTS)} encodings), "
          f"{len(rows)} thumbnails; gazetteer's thumbnail stage {thumbs_ms / 1000:.2f} s")
    print(f"{'picture':<28}{'preset':>7}{'scale':>6}{'ours':>8}{'vips Q82':>10}{'diff':>8}{'our KB':>8}{'vips KB':>8}  format")
    for r in rows:
        stem, preset, scale = r["key"]
        print(f"{stem:<28}{preset:>7}{scale:>6}{r['ours']:>8.4f}{r['vips']:>10.4f}{r['ours'] - r['vips']:>+8.4f}"
              f"{r['ours bytes'] / 1024:>8.1f}{r['vips bytes'] / 1024:>8.1f}  {r['format']}")
    if foreign:
        kept = [r for r in rows if r["key"][0] not in foreign]
        print(f"without {', '.join(sorted(foreign))} (an RGB profile other than sRGB, converted to sRGB by both): ours {statistics.mean(r['ours'] for r in kept):.4f}, libvips Q82 {statistics.mean(r['vips'] for r in kept):.4f}; "
              f"worst {min(r['ours'] - r['vips'] for r in kept):+.4f}")
    mean_ours = statistics.mean(r["ours"] for r in rows)
    mean_vips = statistics.mean(r["vips"] for r in rows)
    worst = min(rows, key=lambda r: r["ours"] - r["vips"])
    bytes_ours = sum(r["ours bytes"] for r in rows)
    bytes_vips = sum(r["vips bytes"] for r in rows)
    print(f"\nmean SSIM: ours {mean_ours:.4f}, libvips Q82 {mean_vips:.4f}; worst against libvips "
          f"{worst['ours'] - worst['vips']:+.4f} ({' '.join(worst['key'])}); ours min {min(r['ours'] for r in rows):.4f}")
    print(f"bytes: ours {bytes_ours / 1024:.0f} KB, libvips Q82 {bytes_vips / 1024:.0f} KB ({bytes_ours / bytes_vips:.3f}x)")
    for variant in VARIANTS:
        part = [r for r in rows if r["key"][0].endswith("-" + variant)]
        print(f"  {variant:<12} ours {statistics.mean(r['ours'] for r in part):.4f}  libvips {statistics.mean(r['vips'] for r in part):.4f}"
              f"  bytes {sum(r['ours bytes'] for r in part) / max(1, sum(r['vips bytes'] for r in part)):.3f}x")
    met = mean_ours >= mean_vips and worst["ours"] - worst["vips"] >= -0.01 and bytes_ours <= bytes_vips
    print("goal (mean at least libvips', none more than 0.01 below, no more bytes): " + ("met" if met else "missed"))


if __name__ == "__main__":
    main()
