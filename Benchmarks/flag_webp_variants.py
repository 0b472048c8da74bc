#!/usr/bin/env python3
"""WebP variants the site build does not make, over a folder of PNG flags (Debian's
iso-flags-png-320x240), at the index page's sizes (100x75 and 200x150):

    python3 Benchmarks/flag_webp_variants.py /usr/share/iso-flags-png-320x240

Each flag is resized by Pillow's Lanczos filter (as libvips' lanczos3, near enough for
comparing encoders) and written as truecolour PNG (zlib 6, as the build's `png`), lossless WebP,
near-lossless WebP (libwebp's `near_lossless`, what libvips' webpsave `near_lossless` and `Q`
set) and lossy WebP at high quality, plain and with sharp YUV, by libwebp itself (a small
encoder compiled here with `cc -lwebp`, libwebp-dev). Reported: bytes against truecolour,
encoder processor time per picture, and the SSIM of each against the truecolour picture
(scikit-image, over white, as flag_formats.py measures it).
"""

import ctypes, glob, io, os, re, subprocess, sys, tempfile, time

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

ENCODER = r"""
#include <webp/encode.h>
int enc(const unsigned char *rgba, int w, int h, int lossless, float q, int method, int nl, int sharp,
        unsigned char **out, size_t *len) {
  WebPConfig c; WebPPicture p; WebPMemoryWriter wr;
  if (!WebPConfigInit(&c) || !WebPPictureInit(&p)) return -1;
  c.lossless = lossless; c.quality = q; c.method = method; c.thread_level = 0;
  if (nl >= 0) { c.near_lossless = nl; c.lossless = 1; }
  c.use_sharp_yuv = sharp;
  p.use_argb = 1; p.width = w; p.height = h;
  if (!WebPPictureImportRGBA(&p, rgba, w * 4)) return -2;
  WebPMemoryWriterInit(&wr); p.writer = WebPMemoryWrite; p.custom_ptr = &wr;
  int ok = WebPEncode(&c, &p); WebPPictureFree(&p);
  if (!ok) return -3;
  *out = wr.mem; *len = wr.size; return 0;
}
void fr(unsigned char *m) { WebPFree(m); }
"""

VARIANTS = {
    "png (truecolour)": None,
    "webp-lossless m1 q25 (the build's)": dict(lossless=1, q=25, method=1),
    "webp-lossless m4 q75": dict(lossless=1, q=75, method=4),
    "near-lossless 80": dict(nl=80, q=75, method=4),
    "near-lossless 60": dict(nl=60, q=75, method=4),
    "near-lossless 60 m1 q25": dict(nl=60, q=25, method=1),
    "near-lossless 40": dict(nl=40, q=75, method=4),
    "near-lossless 40 m2 q50": dict(nl=40, q=50, method=2),
    "near-lossless 20": dict(nl=20, q=75, method=4),
    "near-lossless 0": dict(nl=0, q=75, method=4),
    "lossy q90": dict(q=90, method=4),
    "lossy q95": dict(q=95, method=4),
    "lossy q95 sharp yuv": dict(q=95, method=4, sharp=1),
    "lossy q100": dict(q=100, method=4),
    "lossy q100 sharp yuv": dict(q=100, method=4, sharp=1),
}


def encoder():
    folder = tempfile.mkdtemp()
    open(os.path.join(folder, "enc.c"), "w").write(ENCODER)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", os.path.join(folder, "enc.so"), os.path.join(folder, "enc.c"), "-lwebp"], check=True)
    lib = ctypes.CDLL(os.path.join(folder, "enc.so"))
    lib.enc.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_float, ctypes.c_int, ctypes.c_int,
                        ctypes.c_int, ctypes.POINTER(ctypes.POINTER(ctypes.c_ubyte)), ctypes.POINTER(ctypes.c_size_t)]
    return lib


def over_white(image):
    a = np.asarray(image.convert("RGBA"), dtype=np.float64)
    alpha = a[:, :, 3:4] / 255
    return a[:, :, :3] * alpha + 255 * (1 - alpha)


def main():
    folder = sys.argv[1]
    lib = encoder()

    def encode(image, v):
        if v is None:
            out = io.BytesIO()
            start = time.process_time()
            image.save(out, "PNG", compress_level=6)
            return out.getvalue(), time.process_time() - start
        raw, data, length = image.tobytes(), ctypes.POINTER(ctypes.c_ubyte)(), ctypes.c_size_t()
        start = time.process_time()
        status = lib.enc(raw, image.width, image.height, v.get("lossless", 0), v["q"], v["method"], v.get("nl", -1),
                         v.get("sharp", 0), ctypes.byref(data), ctypes.byref(length))
        spent = time.process_time() - start
        assert status == 0, status
        bytes_ = ctypes.string_at(data, length.value)
        lib.fr(data)
        return bytes_, spent

    files = sorted(f for f in glob.glob(os.path.join(folder, "*.png")) if re.fullmatch(r"[a-z]+\.png", os.path.basename(f)))
    results = {k: [0, 0.0, []] for k in VARIANTS}
    for path in files:
        source = Image.open(path).convert("RGBA")
        for size in ((100, 75), (200, 150)):
            reference = source.resize(size, Image.LANCZOS)
            pixels = over_white(reference)
            for name, v in VARIANTS.items():
                data, spent = encode(reference, v)
                score = 1.0 if v is None else structural_similarity(
                    pixels, over_white(Image.open(io.BytesIO(data))), channel_axis=2, data_range=255)
                results[name][0] += len(data)
                results[name][1] += spent
                results[name][2].append(score)
    base = results["png (truecolour)"][0]
    print(f"{len(files)} flags, {2 * len(files)} pictures (100x75 and 200x150)")
    print(f"| variant | KB | lighter than truecolour | encoder ms a picture | mean SSIM | min SSIM | < 0.99 |")
    print(f"|---|---|---|---|---|---|---|")
    for name, (total, spent, scores) in results.items():
        s = np.array(scores)
        print(f"| {name} | {total / 1024:,.0f} | {base / total:.2f}x | {spent / len(s) * 1000:.2f} | {s.mean():.4f} | {s.min():.4f} | {(s < 0.99).sum()} |")


if __name__ == "__main__":
    main()
