#!/usr/bin/env bash
# Install everything Veil needs on a fresh machine (Node 20, Debian 12): Debian's Chromium and Firefox ESR
# when missing (browsers never come from a tool's own download), then the npm packages from the lock file.
# Used by the README's two commands and by CI (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v chromium >/dev/null || missing+=(chromium chromium-driver)
command -v firefox-esr >/dev/null || missing+=(firefox-esr)
if [ ${#missing[@]} -gt 0 ]; then
  echo "install: ${missing[*]} from Debian"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation >/dev/null
fi

# Install scripts run only where package.json's allowScripts says so: esbuild (checks its binary) and
# protobufjs; onnxruntime-node's would download from an unreachable host (its CPU binary is already in the
# package) and spawn-sync's polyfills what Node has had for years. The variable below keeps older npm from
# running onnxruntime-node's download anyway.
export ONNXRUNTIME_NODE_INSTALL=skip PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# A current install is reused, so the README's second command does not install again: node_modules is
# current when the stamp written after the last successful `npm ci` matches this package-lock.json and this
# Node version (native packages are built per Node version), and WXT's generated .wxt/ is there.
# VEIL_REINSTALL=1 installs anyway.
stamp=node_modules/.veil-install-stamp
want="$(sha256sum package-lock.json | cut -d' ' -f1) node $(node --version)"
if [ -z "${VEIL_REINSTALL:-}" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d .wxt ]; then
  echo "install: npm packages are current (package-lock.json unchanged since the last install), not installing again"
  exit 0
fi
npm ci --no-audit --no-fund
echo "$want" > "$stamp"
