#!/usr/bin/env bash
# CI's packaging check (keeps dist/ from rotting without a second ~20 min release build): validates the desktop
# entry and the AppStream metainfo, builds a .deb from the dev binary CI already built, installs it with apt
# (which also proves the hand-listed Depends resolve), runs the installed binary, and removes it again.
set -euo pipefail
cd "$(dirname "$0")/.."

desktop-file-validate dist/linux/vram-doctor.desktop
appstreamcli validate --no-net dist/linux/io.github.vram_doctor.VramDoctor.metainfo.xml

command -v cargo-deb >/dev/null || cargo install cargo-deb --locked --version 3.8.0
# The test run already built the binary (integration tests run it); build only if it is missing.
[ -x "${CARGO_TARGET_DIR:-target}/debug/vram-doctor" ] || cargo build
out=$(mktemp -d)
# --profile dev: package the binary the test run already built (cargo-deb warns that dev builds are not for release).
cargo deb --profile dev --no-build -o "$out/vram-doctor-ci.deb" 2>&1 | grep -v "^warning\|^ " || true
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "$out/vram-doctor-ci.deb" >/dev/null
test -x /usr/bin/vram-doctor
test -f /usr/share/applications/vram-doctor.desktop
test -f /usr/share/icons/hicolor/256x256/apps/vram-doctor.png
test -f /usr/share/metainfo/io.github.vram_doctor.VramDoctor.metainfo.xml
/usr/bin/vram-doctor --version
$SUDO dpkg -r vram-doctor >/dev/null
echo "package check: ok"
