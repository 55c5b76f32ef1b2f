#!/usr/bin/env bash
# Screenshots of each tab: runs the real app under Xvfb (software GL, no GPU needed) and saves
# assets/screenshots/<tab>.png. Usage: dist/screenshots.sh [MODEL] (a model to show in the slot).
# Needs: xvfb imagemagick (apt-get install xvfb imagemagick libgl1-mesa-dri libegl1 libgl1).
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL="${1:-}"
BIN="${BIN:-target/release/vram-doctor}"
[ -x "$BIN" ] || BIN=target/debug/vram-doctor
[ -x "$BIN" ] || { cargo build; BIN=target/debug/vram-doctor; }
OUT=assets/screenshots
mkdir -p "$OUT"

DISPLAY_NUM=:97
Xvfb "$DISPLAY_NUM" -screen 0 1180x780x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$DISPLAY_NUM
XDG_DATA_HOME=$(mktemp -d)      # a fresh settings store
XDG_RUNTIME_DIR=$(mktemp -d)
export XDG_DATA_HOME XDG_RUNTIME_DIR
# This machine may have no GPU: plan for a typical 8 GiB card so the Fit tab shows a GPU breakdown.
mkdir -p "$XDG_DATA_HOME/vram-doctor"
cat > "$XDG_DATA_HOME/vram-doctor/app.ron" <<'RON'
{"app": "(fit: (ctx_size: 32768, manual_vram_gib: Some(8.0)))"}
RON

# The wizard is shown working on a crash: an 8B Q8_0 that did not fit the 8 GiB card.
LOG=$(mktemp --suffix=.log)
cat > "$LOG" <<'LOGTEXT'
llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4060) - 7800 MiB free
load_tensors: offloaded 33/33 layers to GPU
ggml_backend_cuda_buffer_type_alloc_buffer: allocating 7605.34 MiB on device 0: cudaMalloc failed: out of memory
alloc_tensor_range: failed to allocate CUDA0 buffer of size 7974758400
llama_model_load: error loading model: unable to allocate CUDA0 buffer
LOGTEXT

for tab in fit monitor triage wizard; do
    args=(gui --tab "$tab")
    case "$tab" in
        triage) args+=(--log "$LOG") ;;
        wizard) args+=(--log "$LOG" "preset:llama-3.1-8b@Q8_0") ;;
        # The Fit tab shows a model's breakdown (a preset, unless a model was given).
        fit) [ -z "$MODEL" ] && args+=("preset:llama-3.1-8b@Q4_K_M") ;;
    esac
    [ -n "$MODEL" ] && [ "$tab" != wizard ] && args+=("$MODEL")
    RUST_LOG=warn "$BIN" "${args[@]}" &
    APP=$!
    sleep "${SETTLE_SECS:-6}"
    import -window root "$OUT/$tab.png"
    kill "$APP" 2>/dev/null || true
    wait "$APP" 2>/dev/null || true
    echo "saved $OUT/$tab.png"
done

# The Live Monitor replaying a recorded failure (Windows, the NVIDIA driver spilling VRAM into system RAM).
cat > "$XDG_DATA_HOME/vram-doctor/app.ron" <<'RON'
{"app": "(monitor: (window_secs: 60))"}
RON
RUST_LOG=warn "$BIN" gui --recording tests/data/monitor/win_shared_spill.csv &
APP=$!
sleep "${SETTLE_SECS:-6}"
import -window root "$OUT/monitor-replay.png"
kill "$APP" 2>/dev/null || true
wait "$APP" 2>/dev/null || true
echo "saved $OUT/monitor-replay.png"
