#!/usr/bin/env python3
"""Makes the seeds of anki_package_zip_fuzz: small Anki packages of each version, stored and
deflated, one with zip64's records, one whose collection and media are zstd (version 3, made
with the zstd command). The collections are a few bytes, not SQLite: the target reads the zip,
not the collection. Run from the repository's root:
  tests/fuzz/make_anki_package_zip_seeds.py
"""
import subprocess
import zipfile

OUT = "tests/fuzz/corpus/anki_package_zip/"


def write(name, entries, compression=zipfile.ZIP_DEFLATED, zip64=False):
    with zipfile.ZipFile(OUT + name, "w", compression) as package:
        for entry, data in entries:
            with package.open(entry, "w", force_zip64=zip64) as written:
                written.write(data)


def zstd(data):
    return subprocess.run(["zstd", "-q", "-c"], input=data, check=True, capture_output=True).stdout


COLLECTION = b"SQLite format 3\0" + bytes(range(64))
write("legacy1.apkg", [("collection.anki2", COLLECTION), ("media", b'{"0": "a.png"}'),
                       ("0", b"\x89PNG image")])
write("legacy2_stored.apkg", [("meta", b"\x08\x02"), ("collection.anki2", b"dummy"),
                              ("collection.anki21", COLLECTION), ("media", b"{}")],
      compression=zipfile.ZIP_STORED)
write("zip64.apkg", [("collection.anki2", COLLECTION), ("media", b"{}")], zip64=True)
# Version 3: the media map is protobuf MediaEntries { repeated MediaEntry entries = 1; },
# MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3; }, zstd-compressed.
media_entry = b"\x0a\x05a.png" + b"\x10\x0a"
media_map = b"\x0a" + bytes([len(media_entry)]) + media_entry
write("latest.apkg", [("meta", b"\x08\x03"), ("collection.anki21b", zstd(COLLECTION)),
                      ("media", zstd(media_map)), ("0", zstd(b"\x89PNG image"))],
      compression=zipfile.ZIP_STORED)
