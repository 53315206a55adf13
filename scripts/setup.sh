#!/bin/sh
# Installs what passk's default execution sandbox needs, only where it is missing:
# bubblewrap (the 'bwrap' sandbox), Debian's python3 (an interpreter under /usr that the
# sandbox can mount read-only); with --test also chromium (the HTML report's browser test).
# Idempotent and non-interactive; run as root (CI) or with sudo.
set -eu
missing=""
command -v bwrap >/dev/null 2>&1 || missing="$missing bubblewrap"
[ -x /usr/bin/python3 ] || missing="$missing python3"
# Chromium is for the HTML report's browser test only; passk itself never needs it.
if [ "${1:-}" = "--test" ]; then
  [ -x /usr/bin/chromium ] || missing="$missing chromium"
fi
if [ -z "$missing" ]; then
  echo "setup: nothing to install ($(bwrap --version), $(/usr/bin/python3 --version))"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
$SUDO apt-get install -y -qq --no-install-recommends $missing
echo "setup: installed$missing"
