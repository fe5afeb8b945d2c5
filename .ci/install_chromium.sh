#!/bin/sh
# Install headless Chromium for tests/test_viz_browser.py (Debian/Ubuntu; run as root).
# Idempotent and quiet: does nothing when a chromium binary is already on PATH.
set -eu
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1
