#!/usr/bin/env bash
# The prepared YOLO-stage run for a lent GPU machine (the `device` tool): render a fresh synthetic
# training set on its CPUs, train the YOLO stage on its GPU from the shipped checkpoint until a
# deadline, and leave the weights and logs in $OUT. Run from the repository root there, with
#   data/decks-webp  the decks packed here: python -m vision.synth.decks --pack data/decks data/decks-webp
#   .whl             ultralytics 8.4.190 and ultralytics-thop wheels (the machine has torch, not these)
# carried; MODEL (default models/detector.pt) is the checkpoint to start from, and a warm machine
# keeps earlier renders in data/gpu-synth, which are trained on too (datasets/synth-gpu.yaml).
# A dry run here: DEVICE=cpu TRAIN=40 VAL=8 BUDGET=240 OUT=out/gpu-dry vision/train/gpu_job.sh
set -euo pipefail

OUT=${OUT:-out/gpu}
TRAIN=${TRAIN:-9000}    # training renders (640x480, synth-v1's framing)
VAL=${VAL:-300}         # validation renders, judged once at the end
SEED=${SEED:-301}       # training seed; validation uses SEED+1 (no split of synth-v1/v2 uses these)
BUDGET=${BUDGET:-560}   # seconds from start to the end of training and the final validation
DEVICE=${DEVICE:-0}
BATCH=${BATCH:-64}
START=$(date +%s)
mkdir -p "$OUT"
exec > >(tee "$OUT/job.log") 2>&1

if compgen -G ".whl/*.whl" >/dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .whl/*.whl
  export PYTHONPATH=/tmp/site:$PWD
fi
export PYTHONUNBUFFERED=1
WORKERS=$(nproc)
python3 -c "import torch, cv2, numpy; print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), 'cv2', cv2.__version__, 'numpy', numpy.__version__)"

DATA=data/gpu-synth
python3 -m vision.synth --out $DATA --split val --count "$VAL" --seed $((SEED + 1)) \
  --deck-root data/decks-webp --exclude kde-jolly-royal --workers "$WORKERS"
python3 -m vision.synth --out $DATA --split train --count "$TRAIN" --seed "$SEED" \
  --deck-root data/decks-webp --exclude kde-jolly-royal --workers "$WORKERS"
RENDERED=$(date +%s)
echo "rendered in $((RENDERED - START)) s"

# what is left of the budget, less a minute for caching, the final validation and copying
HOURS=$(python3 -c "print(max(0.003, ($BUDGET - ($RENDERED - $START) - 60) / 3600))")
echo "training for $HOURS h"
python3 -m vision.train.yolo --data $DATA/data.yaml --model "${MODEL:-models/detector.pt}" --imgsz 640 \
  --batch "$BATCH" --device "$DEVICE" --workers $((WORKERS - 1)) --hours "$HOURS" --cache \
  --optimizer AdamW --lr0 0.001 --warmup 0 --cos-lr --scale 0.5 --close-mosaic 3 --no-val \
  --threads 4 --name det-gpu --project runs || echo "training stopped with an error"

for f in weights/last.pt weights/best.pt results.csv args.yaml; do
  [ -f "runs/det-gpu/$f" ] && cp "runs/det-gpu/$f" "$OUT/"
done
echo "done in $(($(date +%s) - START)) s"
