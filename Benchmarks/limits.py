#!/usr/bin/env python3
"""`make limits`: builds guides with full-size hostile inputs using a gazetteer binary and checks
that each builds, or stops with a located error, within TIME_LIMIT seconds and 1 GB peak memory.

Usage: limits.py GAZETTEER WORKDIR [case ...]
Cases are generated into WORKDIR/<case>/ (the example guide's two-country core plus the input).
"""
import os, shutil, struct, subprocess, sys, time, zlib

TIME_LIMIT = 30
MEMORY_LIMIT_KB = 1024 * 1024
FLAG = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="#c60b1e"/></svg>'


def guide(root, city_body="Body.\n", city_front="", flag_name="spain.svg", flag_bytes=FLAG.encode(), config="title: Limits\n"):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(f"{root}/content/countries/flags")
    os.makedirs(f"{root}/content/cities")
    open(f"{root}/gazetteer.yaml", "w").write(config)
    open(f"{root}/content/countries/spain.md", "w").write(
        f"---\nname: Spain\ncontinent: Europe\nflag: flags/{flag_name}\n---\nA country.\n")
    open(f"{root}/content/countries/flags/{flag_name}", "wb").write(flag_bytes)
    with open(f"{root}/content/cities/madrid.md", "w") as f:
        f.write(f"---\nname: Madrid\ncountry: spain\n{city_front}---\n")
        f.write(city_body)


def png(width, height):
    """A real 8-bit grey PNG, every row compressed (about 1 byte in 1000)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    row = b"\0" * (width + 1)
    idat = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def make(case, root):
    if case == "markdown-50mb":
        paragraph = "Plaza Mayor, [Spain](../countries/spain.md) and *more* text. " + "word " * 180 + "\n\n"
        guide(root, city_body=paragraph * (50_000_000 // len(paragraph)))
    elif case == "front-matter-1mb":
        items = "".join(f"  - sight number {i}\n" for i in range(50_000))
        guide(root, city_front="sights:\n" + items)
    elif case == "quotes-100k":
        guide(root, city_body="> " * 100_000 + "deep\n")
    elif case == "lists-100k":
        guide(root, city_body="- " * 100_000 + "deep\n")
    elif case == "yaml-flow-10k":
        guide(root, city_front="deep: " + "[" * 10_000 + "]" * 10_000 + "\n")
    elif case == "svg-million":
        svg = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">' + "<g/>" * 1_000_000 + "</svg>"
        guide(root, flag_bytes=svg.encode())
    elif case == "png-30000":
        guide(root, flag_name="spain.png", flag_bytes=png(30_000, 30_000))
    elif case == "template-100k-open":
        guide(root)
        shutil.copytree("templates", f"{root}/templates")
        open(f"{root}/templates/404.mustache", "w").write("{{#a}}" * 100_000)
    else:
        sys.exit(f"unknown case {case}")


def main():
    gazetteer, workdir = sys.argv[1], sys.argv[2]
    cases = sys.argv[3:] or ["markdown-50mb", "front-matter-1mb", "quotes-100k", "lists-100k", "yaml-flow-10k",
                             "svg-million", "png-30000", "template-100k-open"]
    failed = False
    print(f"{'case':20} {'status':>6} {'seconds':>8} {'peak MB':>8}  first message")
    for case in cases:
        root = os.path.join(workdir, case)
        make(case, root)
        start = time.monotonic()
        run = subprocess.run(["/usr/bin/time", "-f", "%M", gazetteer, "build", "--source", root],
                             capture_output=True, text=True, timeout=TIME_LIMIT * 4)
        seconds = time.monotonic() - start
        lines = run.stderr.strip().splitlines()
        peak_kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        messages = [l for l in lines[:-1] if l.startswith(("content/", "templates/", "gazetteer.yaml"))]
        located = run.returncode == 0 or bool(messages)
        ok = run.returncode in (0, 1) and located and seconds < TIME_LIMIT and peak_kb < MEMORY_LIMIT_KB
        failed |= not ok
        first = messages[0] if messages else ("built" if run.returncode == 0 else (lines[0] if lines else ""))
        print(f"{case:20} {run.returncode:>6} {seconds:>8.2f} {peak_kb / 1024:>8.0f}  {first[:110]}{'' if ok else '   <-- FAILED'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
