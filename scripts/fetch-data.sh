#!/usr/bin/env bash
# Downloads the public benchmark files the tests and `passk run` read, into the layout of
# ../shared/data (the folder beside the repository; override with --dest or PASSK_DATA_DIR).
# The list is scripts/data-sources.tsv (or $PASSK_DATA_SOURCES): each file's URL at a pinned
# commit or release, how it is stored here, and the sha256 of its content, checked before the
# file is put in place. Files already there with the right content are left alone.
#
#   scripts/fetch-data.sh [--dry-run] [--dest DIR] [--only PREFIX]...
#     --dry-run   say what is there, what would be fetched and from where; write nothing
#     --only P    only the entries whose path starts with P (repeatable), e.g. --only humaneval/
#
# Exit: 0 when every entry is there (some derived files cannot be downloaded as is: they are
# listed as "manual", see SOURCES.md), 1 when a download or a checksum failed, 2 for bad usage.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
table=${PASSK_DATA_SOURCES:-$root/scripts/data-sources.tsv}
dest=${PASSK_DATA_DIR:-$root/../shared/data}
dry=false
only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry=true ;;
    --dest) dest=${2:?--dest needs a folder}; shift ;;
    --only) only+=("${2:?--only needs a path prefix}"); shift ;;
    *) echo "fetch-data: unknown option $1 (use --dry-run, --dest DIR, --only PREFIX)" >&2; exit 2 ;;
  esac
  shift
done

# sha256 of a file's content (decompressed for .gz), or of a tree's member files.
content_sha() {
  case "$1" in
    *.gz) gzip -dc "$1" | sha256sum | cut -d' ' -f1 ;;
    *) sha256sum <"$1" | cut -d' ' -f1 ;;
  esac
}
tree_sha() { # DIR MEMBERS...
  local dir=$1; shift
  (cd "$dir" && find "$@" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}
present_sha() { # PATH KIND NOTE
  local target="$dest/$1"
  if [ "$2" = tree ]; then
    [ -d "$target" ] || return 0
    # shellcheck disable=SC2086 # the note holds the member names, split on purpose
    tree_sha "$target" $3 2>/dev/null || true
  elif [ -f "$target" ]; then
    content_sha "$target" 2>/dev/null || true
  fi
}

download() { # URL FILE
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 -o "$2" "$1"
  else
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$1" "$2"
  fi
}

# Turns the download into the stored form: as is, gzipped, or re-serialised JSON.
store_as() { # KIND IN OUT
  case "$1" in
    file) cp "$2" "$3" ;;
    gzip) gzip -9 -n -c "$2" >"$3" ;;
    json) python3 -c 'import json, sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1]))))' "$2" >"$3" ;;
    jsonl-gz)
      python3 -c 'import json, sys; sys.stdout.write("".join(json.dumps(o) + "\n" for o in json.load(open(sys.argv[1]))))' "$2" | gzip -9 -n -c >"$3" ;;
  esac
}

fetch() { # PATH KIND URL SHA NOTE
  local path=$1 kind=$2 url=$3 sha=$4 note=$5 work got
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  if ! download "$url" "$work/download"; then
    echo "FAILED $path: could not download $url" >&2
    return 1
  fi
  if [ "$kind" = tree ]; then
    mkdir "$work/x" "$work/tree"
    tar -xzf "$work/download" -C "$work/x"
    local top
    top=$(find "$work/x" -mindepth 1 -maxdepth 1 -type d | head -n 1)
    # shellcheck disable=SC2086 # the note holds the member names
    (cd "$top" && cp -R $note "$work/tree/")
    # shellcheck disable=SC2086
    got=$(tree_sha "$work/tree" $note)
  else
    store_as "$kind" "$work/download" "$work/stored"
    case "$path" in *.gz) mv "$work/stored" "$work/stored.gz"; got=$(content_sha "$work/stored.gz") ;; *) got=$(content_sha "$work/stored") ;; esac
  fi
  if [ "$got" != "$sha" ]; then
    echo "FAILED $path: sha256 mismatch (expected $sha, got $got) from $url" >&2
    return 1
  fi
  mkdir -p "$(dirname "$dest/$path")"
  if [ "$kind" = tree ]; then
    mkdir -p "$dest/$path"
    cp -R "$work/tree/." "$dest/$path/"
  elif [ -f "$work/stored.gz" ]; then
    mv "$work/stored.gz" "$dest/$path"
  else
    mv "$work/stored" "$dest/$path"
  fi
  echo "fetched $path"
}

selected() {
  [ ${#only[@]} -eq 0 ] && return 0
  local p
  for p in "${only[@]}"; do case "$1" in "$p"*) return 0 ;; esac; done
  return 1
}

[ -f "$table" ] || { echo "fetch-data: no table at $table" >&2; exit 2; }
failed=0 fetched=0 ok=0 manual=0
while IFS=$'\t' read -r path kind url sha note; do
  case "$path" in '#'* | path | '') continue ;; esac
  selected "$path" || continue
  if [ "$(present_sha "$path" "$kind" "$note")" = "$sha" ]; then
    echo "ok      $path"
    ok=$((ok + 1))
    continue
  fi
  if [ "$kind" = manual ]; then
    echo "manual  $path: $note"
    manual=$((manual + 1))
  elif $dry; then
    echo "fetch   $path <- $url ($kind)"
    fetched=$((fetched + 1))
  elif fetch "$path" "$kind" "$url" "$sha" "$note"; then
    fetched=$((fetched + 1))
  else
    failed=$((failed + 1))
  fi
done <"$table"

verb=$($dry && echo "to fetch" || echo "fetched")
echo "fetch-data: $ok present, $fetched $verb, $failed failed, $manual manual (derived: see SOURCES.md) in $dest"
[ "$failed" -eq 0 ]
