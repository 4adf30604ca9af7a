#!/usr/bin/env bash
# Makes the seeds of anki_deck_config_fuzz: the schema 18 options group and deck kind of the
# bg-hashtable fixture (a modern Anki's defaults, written out here byte for byte) and a changed
# legacy group (the one tests/fuzz/make_anki_collection_seed.sh puts in col.dconf). Run from the
# repository's root: tests/fuzz/make_anki_deck_config_seeds.sh
set -euo pipefail
out=tests/fuzz/corpus/anki_deck_config
mkdir -p "$out"
xxd -r -p >"$out/deck_config.pb" <<'HEX'
0A080000803F00002041120400002041221C0000803F0000803F0000803F0000803F0000803F0000803F0000803F
481450C8015D00002040656666A63F6D9A99993F7D0000803F8001949D02880101900101980104A80101B00108C0
013CAD026666663FC5026666663FE00201
HEX
printf '\x0a\x02\x08\x01' >"$out/deck_kind.pb"
cat >"$out/legacy_group.json" <<'JSON'
{"id":5,"name":"Words","new":{"delays":[0.5,10,1440],"ints":[2,5,0],"initialFactor":2300,"perDay":50,"bury":true},"rev":{"perDay":300,"ease4":1.5,"ivlFct":0.9,"maxIvl":3650,"hardFactor":1.1},"lapse":{"delays":[],"mult":0.2,"minInt":2,"leechFails":5,"leechAction":1},"desiredRetention":0.85,"fsrsParams5":[0.4,0.6,2.4,5.8,4.93,0.94,0.86,0.01,1.49,0.14,0.94,2.18,0.05,0.34,1.26,0.29,2.61,0.5,0.3]}
JSON
ls -la "$out"
