#!/usr/bin/env bash
# Runs the Windows-only tests (the real GlobalMemoryStatusEx / GetPerformanceInfo / EnumPageFilesW / PDH /
# registry calls in src/monitor/windows.rs) on Linux under Wine. Needs: wine64, gcc-mingw-w64-x86-64 and the
# x86_64-pc-windows-gnu Rust target.
set -euo pipefail
cd "$(dirname "$0")/.."
WINE=${WINE:-/usr/lib/wine/wine64}
[ -x "$WINE" ] || WINE=$(command -v wine64 || command -v wine)
target=x86_64-pc-windows-gnu
target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir/$target/debug/deps"
target_dir=$(cd "$target_dir" && pwd)
deps="$target_dir/$target/debug/deps"
# Rust's std imports ProcessPrng from bcryptprimitives.dll, which Wine 8 lacks: a stub over RtlGenRandom,
# placed beside the test executable (searched first).
stub=$(mktemp -d)
trap 'rm -rf "$stub"' EXIT
cat > "$stub/stub.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buf, ULONG len);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) { return SystemFunction036(data, (ULONG)len); }
C
printf 'LIBRARY bcryptprimitives\nEXPORTS\nProcessPrng\n' > "$stub/stub.def"
x86_64-w64-mingw32-gcc -shared -o "$deps/bcryptprimitives.dll" "$stub/stub.c" "$stub/stub.def" -ladvapi32
export WINEPREFIX="${WINEPREFIX:-$target_dir/wineprefix}" WINEDEBUG=-all
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$WINE"
cargo test --target "$target" --lib -- monitor::windows hardware::probe
