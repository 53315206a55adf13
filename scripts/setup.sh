#!/bin/sh
# Installs what passk needs, only where it is missing (idempotent, non-interactive; run as root
# in CI or with sudo):
#   always       bubblewrap (the 'bwrap' sandbox) and Debian's python3 (an interpreter under /usr
#                that the sandbox can mount read-only; it also drives the other languages' worker);
#   --languages  the toolchains of the multi-language tasks (humaneval-x-*, multipl-e-*, mceval-*;
#                each language folder's manifest.json names its Debian packages): g++
#                with Boost and OpenSSL headers, a JDK with javatuples, Go with testify and
#                goimports, rustc and cargo (unless rustup's are present) with the rand, regex
#                and md5 crate sources, PHP, Ruby, Lua with luaunit, Perl's Test::Deep, R,
#                Racket, Scala, Mono's C#, gdc (D) and McEval's others; and the Kotlin
#                compiler from npm in .passk-engines/kotlin and Groovy 4's jars from npm in
#                .passk-engines/groovy; Node is passk's own runtime and bash is always there;
#   --test       everything the test suite needs: the toolchains above, chromium (the HTML
#                report's browser test only; passk itself never needs it) and node-llama-cpp
#                (the llama-cpp engine tests) in .passk-engines/ with npm: not a dependency, as
#                it is 700 MB, and not in node_modules, which `npm ci` wipes; and Jest (below);
#   --check-node only the Node.js version check below (no apt), then exit.
# Node.js >= 20 is checked before anything else: passk runs on it, and Debian 12's nodejs is 18.
set -eu

# Exits non-zero with one actionable message unless `node` on PATH is version 20 or newer.
check_node() {
  version=$(node --version 2>/dev/null) || version=""
  major=${version#v}
  major=${major%%.*}
  case "$major" in
    '' | *[!0-9]*) found="no working 'node' on PATH" ;;
    *)
      [ "$major" -ge 20 ] && return 0
      found="found node $version"
      ;;
  esac
  echo "setup: passk needs Node.js >= 20, $found (Debian 12's nodejs package is 18): install Node 20 from NodeSource (https://github.com/nodesource/distributions) or with nvm (nvm install 20), then run scripts/setup.sh again" >&2
  exit 1
}

languages=false
browser=false
# --task NAME (repeatable; also --task=NAME): the Debian packages a task's Python environment
# lists (environment.python.debianPackages, read by scripts/task-packages.mjs from the built
# dist/ or, with tsx, the sources; NAME may be a task module path). Taken out of the arguments
# here, before the options below are read. --test also installs the Python libraries of the
# environment tests (numpy, pandas, matplotlib, scipy, sklearn, venv). aider-polyglot and
# aider-polyglot-javascript also get Jest and Exercism's Babel preset (install_exercism_js).
tasks=""
want_task=false
count=$#
for arg in "$@"; do
  if $want_task; then tasks="$tasks $arg"; want_task=false
  elif [ "$arg" = --task ]; then want_task=true
  else case "$arg" in --task=*) tasks="$tasks ${arg#--task=}" ;; *) set -- "$@" "$arg" ;; esac
  fi
done
shift "$count"
if $want_task; then echo "setup: --task needs a task name" >&2; exit 2; fi
for arg in "$@"; do
  case "$arg" in
    --languages) languages=true ;;
    --test) languages=true; browser=true ;;
    --check-node) check_node; echo "setup: node $(node --version) is fine"; exit 0 ;;
    *) echo "setup: unknown option $arg (use --languages, --test, --task NAME or --check-node)" >&2; exit 2 ;;
  esac
done
check_node

# The optional local engine, where passk's loader looks for it (src/models/llama-cpp-engine.ts).
install_engine() {
  engines="$(cd "$(dirname "$0")/.." && pwd)/.passk-engines"
  if [ -f "$engines/node_modules/node-llama-cpp/package.json" ]; then return 0; fi
  mkdir -p "$engines"
  # --ignore-scripts: its install script would download or build llama.cpp; the prebuilt
  # binaries come as its optional npm packages.
  npm install --prefix "$engines" --ignore-scripts --no-audit --no-fund --loglevel=error \
    node-llama-cpp@3.21.1
  echo "setup: installed node-llama-cpp@3.21.1 in $engines"
}
# A set of npm packages pinned by scripts/NAME/package-lock.json, installed with `npm ci` into
# .passk-engines/NAME (not in node_modules, which `npm ci` of passk wipes) unless PROBE (a file
# under it) shows that very lock installed. --ignore-scripts: no install script is needed.
install_pinned() {
  here="$(cd "$(dirname "$0")/.." && pwd)"
  pinned="$here/scripts/$1"
  target="$here/.passk-engines/$1"
  if [ -f "$target/$2" ] && cmp -s "$pinned/package-lock.json" "$target/package-lock.json"; then
    return 0
  fi
  mkdir -p "$target"
  cp "$pinned/package.json" "$pinned/package-lock.json" "$target/"
  (cd "$target" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  echo "setup: installed $3 in $target"
}
# Aider polyglot's JavaScript exercises: Jest and @exercism/babel-preset-javascript
# (src/execution/languages/javascript/exercism-javascript.ts): ~100 MB only that task needs, so
# not a dependency.
install_exercism_js() {
  install_pinned exercism-javascript node_modules/jest/package.json \
    "Jest and @exercism/babel-preset-javascript"
}
# Kotlin: JetBrains' compiler as published on npm (kotlin-compiler), run on the JDK; Debian's
# kotlin is 1.3.31, too old for the library calls McEval's Kotlin references make
# (src/execution/languages/kotlin/kotlin.ts).
install_kotlin() {
  install_pinned kotlin node_modules/kotlin-compiler/lib/kotlin-compiler.jar \
    "the Kotlin compiler (npm kotlin-compiler)"
}
# Groovy: Apache Groovy 4's jars as npm-groovy-lint carries them (lib/java/groovy/lib); Debian's
# groovy is 2.4.21, which rejects McEval's `do { } while` and lambdas
# (src/execution/languages/groovy/groovy.ts).
install_groovy() {
  install_pinned groovy node_modules/npm-groovy-lint/lib/java/groovy/lib/groovy-4.0.26.jar \
    "Groovy 4.0.26 (the jars npm-groovy-lint carries)"
}
missing=""
need() { missing="$missing $1"; }
# A Debian package by name, when dpkg does not have it installed.
need_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed' || need "$1"; }
command -v bwrap >/dev/null 2>&1 || need bubblewrap
[ -x /usr/bin/python3 ] || need python3
if $languages; then
  # Each language folder's manifest.json names its Debian packages and the paths that show
  # them installed (src/execution/languages/*/manifest.json).
  while IFS=$'\t' read -r pkg probes; do
    found=false
    for probe in $probes; do
      probe=${probe//\$HOME/${HOME:-/root}}
      if compgen -G "$probe" >/dev/null; then found=true; break; fi
    done
    $found || need "$pkg"
  done < <(node "$(dirname "$0")/language-packages.mjs")
fi
$languages && install_kotlin
$languages && install_groovy
if $browser; then
  [ -x /usr/bin/chromium ] || need chromium
  install_engine
  install_exercism_js
fi
if $browser; then # --test: the environment tests' Python libraries
  for pkg in python3-numpy python3-pandas python3-matplotlib python3-scipy python3-sklearn python3-venv; do
    need_pkg "$pkg"
  done
  need_pkg python3-psutil # the registry test runs BigCodeBench-Hard's first references (17 imports psutil)
fi
for task in $tasks; do
  # (their programs need no Python libraries: no need to read the task, nor a built dist/)
  case "$task" in aider-polyglot | aider-polyglot-javascript) install_exercism_js; continue ;; esac
  here="$(cd "$(dirname "$0")/.." && pwd)"
  loader=""
  [ -f "$here/dist/index.js" ] || loader="--import tsx"
  # shellcheck disable=SC2086 # $loader is empty or two words
  packages="$(cd "$here" && node $loader scripts/task-packages.mjs "$task")" || {
    echo "setup: could not read task $task's packages (see above; a fresh clone needs npm ci first)" >&2
    exit 2
  }
  [ -n "$packages" ] || echo "setup: task $task needs no Python libraries"
  for pkg in $packages; do need_pkg "$pkg"; done
done
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
