#!/usr/bin/env python3
"""Make the world outline photory-tui's map draws (Sources/Library/Resources/world.bin).

Data: Natural Earth 1:110m admin-0 countries (public domain, https://www.naturalearthdata.com/),
as shipped in Debian 12's python3-geopandas 0.12 (geopandas/datasets/naturalearth_lowres/).

How it was run (Debian 12, as root):

    apt-get install -y python3-geopandas     # when missing; the script says so
    /usr/bin/python3 scripts/make-land.py

Coastlines are the outline of all countries merged into one land mass (so lines between
countries disappear); borders are the country outlines minus the coastlines.

Format (little endian):

    header   4 bytes "PHWO", u16 version (1), u16 reserved (0), u32 polyline count
    polyline u8 kind (0 coastline, 1 border), u8 reserved (0), u16 point count,
             then per point i16 longitude × 100, i16 latitude × 100 (0.01°, about 1 km)

Consecutive points that round to the same 0.01° are dropped; polylines are kept in the order
shapely gives, coastlines first.
"""
import os
import struct
import sys

try:
    import geopandas
    from shapely.geometry import LineString, MultiLineString
    from shapely.ops import unary_union, linemerge
except ImportError:
    sys.exit("geopandas is missing: apt-get install -y python3-geopandas, then run this with /usr/bin/python3")

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Sources", "Library", "Resources", "world.bin")


def lines_of(geometry):
    """The LineStrings of a (multi)line or of a geometry collection."""
    if geometry.is_empty:
        return []
    if isinstance(geometry, LineString):
        return [geometry]
    if isinstance(geometry, MultiLineString):
        return list(geometry.geoms)
    return [g for part in getattr(geometry, "geoms", []) for g in lines_of(part)]


def encode(line):
    points = []
    for lon, lat in line.coords:
        p = (round(max(-180, min(180, lon)) * 100), round(max(-90, min(90, lat)) * 100))
        if not points or points[-1] != p:
            points.append(p)
    return points


def main():
    countries = geopandas.read_file(geopandas.datasets.get_path("naturalearth_lowres"))
    geometries = [g for g in countries.geometry if g is not None and not g.is_empty]
    land = unary_union(geometries)
    coast = land.boundary
    everything = unary_union([g.boundary for g in geometries])
    borders = linemerge(lines_of(everything.difference(coast.buffer(1e-7))))

    polylines = []
    for kind, geometry in ((0, coast), (1, borders)):
        for line in lines_of(geometry):
            points = encode(line)
            if len(points) >= 2:
                polylines.append((kind, points))

    with open(OUT, "wb") as f:
        f.write(b"PHWO" + struct.pack("<HHI", 1, 0, len(polylines)))
        for kind, points in polylines:
            f.write(struct.pack("<BBH", kind, 0, len(points)))
            f.write(b"".join(struct.pack("<hh", lon, lat) for lon, lat in points))
    coasts = sum(1 for k, _ in polylines if k == 0)
    total = sum(len(p) for _, p in polylines)
    print(f"wrote {coasts} coastlines and {len(polylines) - coasts} borders ({total} points) "
          f"to {os.path.normpath(OUT)} ({os.path.getsize(OUT)} bytes)")


if __name__ == "__main__":
    main()
