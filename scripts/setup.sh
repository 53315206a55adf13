#!/bin/sh
# Installs what passk's default sandbox needs (bubblewrap), only if it is missing.
# Idempotent and non-interactive; run as root (CI) or with sudo.
set -eu
if command -v bwrap >/dev/null 2>&1; then
  echo "bubblewrap already installed: $(bwrap --version)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq bubblewrap
echo "installed $(bwrap --version)"
