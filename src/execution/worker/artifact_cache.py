"""The compiled-artifact cache as exec_worker.py keeps it: capped in size, oldest evicted first.

Layout: ROOT/<key[:2]>/<key> (a directory of compiler outputs) or ROOT/<key[:2]>/<key>.failed.json
(a compile error that is the program's fault). Only the worker writes here; programs can read.
Only those two-character shard folders hold entries, and only they are evicted: any other top-level
folder (go-build/, rust-crates/: dependencies passk builds once on the host, which every compile
reads) is exempt, since evicting part of one made later compiles fail.
Several workers share one cache: each keeps a running total from its own scan plus what it stored,
and re-scans the real total before evicting (and every RESCAN_EVERY stores).
"""

import json
import os
import re
import shutil
import tempfile

import slot_hygiene

# A single entry larger than this is used from the scratch dir and not kept (each distinct 4-line
# C++ program with a large initialised static array made a 60 MiB binary).
MAX_ENTRY_BYTES = 32 << 20
MAX_TOTAL_BYTES = 1 << 30
RESCAN_EVERY = 64
# Entries are sharded by the first two characters of their key (sha256 hex digests): any other
# top-level folder, named by a word, is a toolchain folder.
SHARD = re.compile(r"^[0-9a-zA-Z]{2}$")


def tree_bytes(path):
    """Total size of the files under `path` (a file or a small directory tree), iteratively."""
    if not os.path.isdir(path):
        return os.lstat(path).st_size
    total, stack = 0, [path]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                else:
                    total += entry.stat(follow_symlinks=False).st_size
    return total


class ArtifactCache:
    def __init__(self, root, max_total=MAX_TOTAL_BYTES, max_entry=MAX_ENTRY_BYTES):
        self.root, self.max_total, self.max_entry = root, max_total, max_entry
        self.total = None
        self.stores = 0

    def path(self, key):
        return os.path.join(self.root, key[:2], key)

    def lookup(self, key):
        """("ok", dir) for cached outputs, ("failed", info) for a cached compile error, else None."""
        target = self.path(key)
        if os.path.isdir(target):
            try:
                os.utime(target)  # recently used: evicted last
            except OSError:
                pass
            return "ok", target
        try:
            with open(target + ".failed.json", encoding="utf-8") as handle:
                return "failed", json.load(handle)
        except (OSError, ValueError):
            return None

    def store(self, scratch, outputs, key):
        """Copies compiler outputs into the cache atomically. Returns the cached dir, or None when
        the entry is too large or the copy failed (the caller then runs from the scratch dir)."""
        try:
            size = sum(tree_bytes(os.path.join(scratch, name)) for name in outputs)
        except OSError:
            return None
        if size > self.max_entry:
            return None
        target = self.path(key)
        staging = None
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            staging = tempfile.mkdtemp(prefix=".tmp-", dir=os.path.dirname(target))
            for name in outputs:
                source, dest = os.path.join(scratch, name), os.path.join(staging, name)
                if os.path.isdir(source):
                    shutil.copytree(source, dest)
                else:
                    shutil.copy2(source, dest)
            os.chmod(staging, 0o755)
            os.rename(staging, target)
        except OSError:  # disk full, or another worker stored the same key first
            if staging is not None:
                slot_hygiene.remove_tree(staging, 1 << 20)
            return target if os.path.isdir(target) else None
        self._added(size)
        return target

    def store_failure(self, key, info):
        """Written whole then renamed: a worker killed mid-write leaves no truncated entry."""
        target = self.path(key) + ".failed.json"
        staging = None
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            handle, staging = tempfile.mkstemp(prefix=".tmp-", dir=os.path.dirname(target))
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(info, out)
            os.chmod(staging, 0o644)
            os.rename(staging, target)
            self._added(os.path.getsize(target))
        except OSError:
            if staging is not None and os.path.exists(staging):
                os.unlink(staging)
            # not cached: the next run compiles again

    def _added(self, size):
        """Counts a new entry in; evicts down to 3/4 of the cap once the total passes it."""
        self.stores += 1
        if self.total is None or self.stores % RESCAN_EVERY == 0:
            self.total = sum(size for _, size, _ in self._entries())
        else:
            self.total += size
        if self.total > self.max_total:
            self.evict(self.max_total * 3 // 4)

    def _entries(self):
        """(path, bytes, mtime) of every entry, staging dirs of other workers left out; folders
        that are not shards (toolchain dependencies) are exempt."""
        found = []
        for shard in os.scandir(self.root):
            if not SHARD.match(shard.name) or not shard.is_dir(follow_symlinks=False):
                continue
            for entry in os.scandir(shard.path):
                if entry.name.startswith(".tmp-"):
                    continue
                try:
                    found.append((entry.path, tree_bytes(entry.path), entry.stat(follow_symlinks=False).st_mtime))
                except OSError:
                    pass  # evicted by another worker meanwhile
        return found

    def evict(self, goal):
        """Removes the least recently used entries until the cache holds at most `goal` bytes."""
        entries = sorted(self._entries(), key=lambda item: item[2])
        total = sum(size for _, size, _ in entries)
        for path, size, _ in entries:
            if total <= goal:
                break
            try:
                if os.path.isdir(path):
                    # Renamed first, so no reader ever sees half an entry.
                    doomed = tempfile.mkdtemp(prefix=".tmp-evict-", dir=os.path.dirname(path))
                    os.rename(path, os.path.join(doomed, "entry"))
                    slot_hygiene.remove_tree(doomed, 1 << 20)
                else:
                    os.unlink(path)
                total -= size
            except OSError:
                pass  # another worker evicted it first
        self.total = total
