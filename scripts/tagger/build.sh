#!/bin/sh
# npm run build:tagger: the training input (features.ts), the two taggers trained side by side (one thread
# each), then their average written as the shipped model (scripts/tagger/train.py). The second trains for six
# epochs (stop 68: its best of ten had been the sixth, and each of its epochs takes about seven minutes here).
set -e
cd "$(dirname "$0")/../.."
npx tsx scripts/tagger/features.ts
/usr/bin/python3 scripts/tagger/train.py conv &
conv=$!
TAGGER_EPOCHS=6 /usr/bin/python3 scripts/tagger/train.py gru
wait $conv
/usr/bin/python3 scripts/tagger/train.py export
