#!/usr/bin/env bash
# Builds the release artifacts into dist/out/ from a clean clone:
#   vram-doctor_<ver>-1_amd64.deb       Debian/Ubuntu package (cargo-deb): /usr/bin, desktop entry, icons, metainfo
#   vram-doctor-<ver>-linux-x86_64.tar.gz  portable: binary + desktop entry + icons + install.sh
#   vram-doctor-<ver>-windows-x86_64.zip   vram-doctor.exe (GUI subsystem, embedded icon) + README
# Needs: gcc, gcc-mingw-w64-x86-64, python3; installs cargo-deb if missing. ~30 min cold on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
TARGET=${CARGO_TARGET_DIR:-target}
OUT=dist/out
rm -rf "$OUT" && mkdir -p "$OUT"

echo "== Linux release build"
cargo build --release
command -v cargo-deb >/dev/null || cargo install cargo-deb --locked --version 3.8.0
cargo deb --no-build -o "$OUT/vram-doctor_${VERSION}-1_amd64.deb"

echo "== portable tarball"
T="$OUT/vram-doctor-${VERSION}-linux-x86_64"
mkdir -p "$T/icons"
cp "$TARGET/release/vram-doctor" README.md dist/linux/vram-doctor.desktop "$T/"
cp assets/icons/vram-doctor-*.png assets/icon.svg "$T/icons/"
cat > "$T/install.sh" <<'SH'
#!/bin/sh
# Installs VRAM Doctor for the current user (~/.local): binary, menu entry, icons.
set -e
cd "$(dirname "$0")"
mkdir -p ~/.local/bin ~/.local/share/applications
install -m 755 vram-doctor ~/.local/bin/vram-doctor
sed "s|^Exec=vram-doctor|Exec=$HOME/.local/bin/vram-doctor|" vram-doctor.desktop > ~/.local/share/applications/vram-doctor.desktop
for s in 16 32 48 64 128 256 512; do
  mkdir -p ~/.local/share/icons/hicolor/${s}x${s}/apps
  cp icons/vram-doctor-$s.png ~/.local/share/icons/hicolor/${s}x${s}/apps/vram-doctor.png
done
echo "Installed: ~/.local/bin/vram-doctor (find VRAM Doctor in your applications menu)"
SH
chmod +x "$T/install.sh"
tar -C "$OUT" -czf "$T.tar.gz" "$(basename "$T")"
rm -rf "$T"

echo "== Windows release build (x86_64-pc-windows-gnu)"
rustup target add x86_64-pc-windows-gnu >/dev/null
cargo build --release --target x86_64-pc-windows-gnu
W="$OUT/vram-doctor-${VERSION}-windows-x86_64"
mkdir -p "$W"
cp "$TARGET/x86_64-pc-windows-gnu/release/vram-doctor.exe" README.md "$W/"
(cd "$OUT" && python3 -m zipfile -c "$(basename "$W").zip" "$(basename "$W")")
rm -rf "$W"

ls -la "$OUT"
