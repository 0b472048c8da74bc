#!/usr/bin/env python3
"""Makes Sources/Model/Places/ISO3166Table.swift from Debian's iso-codes.

The table of ISO 3166-1 countries that the binary carries, so that a country of the guide is
matched to its code by its name (`make iso3166`). Its source is Debian's `iso-codes` package
(`apt-get install iso-codes`), file /usr/share/iso-codes/json/iso_3166-1.json, whose version
is written into the table's header with its licence (LGPL-2.1-or-later).

One line a country, fields separated by tabs: alpha-2, alpha-3, name, official name, common
name (the last two empty where ISO gives none), sorted by alpha-2.
Usage: Scripts/iso3166.py [JSON] [OUTPUT]
"""
import json
import subprocess
import sys

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/iso-codes/json/iso_3166-1.json"
OUTPUT = sys.argv[2] if len(sys.argv) > 2 else "Sources/Model/Places/ISO3166Table.swift"


def package_version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "iso-codes"], capture_output=True, text=True, check=True)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    with open(SOURCE, encoding="utf-8") as f:
        countries = json.load(f)["3166-1"]
    lines = []
    for c in sorted(countries, key=lambda c: c["alpha_2"]):
        fields = [c["alpha_2"], c["alpha_3"], c["name"], c.get("official_name", ""), c.get("common_name", "")]
        for field in fields:
            if "\t" in field or "\n" in field or '"""' in field or "\\" in field:
                sys.exit(f"unexpected character in {field!r}")
        lines.append("\t".join(fields))
    version = package_version()
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write("// Made by Scripts/iso3166.py (`make iso3166`): do not edit.\n")
        out.write(f"// Source: Debian's iso-codes {version}, iso_3166-1.json ({len(lines)} countries),\n")
        out.write("// https://salsa.debian.org/iso-codes-team/iso-codes, LGPL-2.1-or-later.\n\n")
        out.write("extension ISO3166 {\n")
        out.write("    /// alpha-2, alpha-3, name, official name, common name: tab-separated, one country a line.\n")
        out.write('    static let table = """\n')
        for line in lines:
            out.write(line.replace("\t", "\\t") + "\n")
        out.write('"""\n}\n')
    print(f"{OUTPUT}: {len(lines)} countries from iso-codes {version}")


main()
