/** Where a benchmark's data lives. */
export interface DatasetSpec {
  /**
   * The published file, pinned to a revision (a commit sha): a Hugging Face Hub dataset file, or
   * with `host: 'github'` a file of a GitHub repository (benchmarks published only there).
   */
  hub: {
    /** Dataset repository id, e.g. 'openai/openai_humaneval' (GitHub: 'owner/name'). */
    repo: string;
    /** Commit sha the file is pinned to. */
    revision: string;
    /** Path of the file inside the repository, e.g. 'openai_humaneval/test-00000-of-00001.parquet'. */
    path: string;
    /**
     * Expected sha256 (hex) of the Hub file's bytes. When set, a download that differs is
     * rejected and never cached (a mirror or proxy served something else).
     */
    sha256?: string;
    /** Where `repo` lives: the Hugging Face Hub (default) or GitHub (raw.githubusercontent.com). */
    host?: 'github';
  };
  /**
   * The file's path inside a local data directory laid out like passk's shared data
   * (`--data-dir` / PASSK_DATA_DIR), e.g. 'humaneval/HumanEval.jsonl.gz'.
   */
  localFile?: string;
  /**
   * Instead of one file: a folder inside the local data directory whose files are the rows
   * (`{path, text}`, see directory.ts), e.g. 'quixbugs'. Never downloaded.
   */
  localDir?: string;
}

/** Where to look, in order: an explicit file, a local data dir, the cache, the Hub. */
export interface DatasetLoadOptions {
  /** An explicit file (JSONL, JSONL.gz, JSON array, Parquet); wins over everything else. */
  datasetPath?: string;
  /** A local data directory; `spec.localFile` is resolved against it. Defaults to PASSK_DATA_DIR. */
  dataDir?: string;
  /** Hub cache directory; defaults to PASSK_CACHE_DIR or ~/.cache/passk. */
  cacheDir?: string;
  /** Hub base URL; defaults to HF_ENDPOINT or https://huggingface.co. */
  hubUrl?: string;
  /** Base URL of GitHub's raw files; defaults to PASSK_GITHUB_URL or https://raw.githubusercontent.com. */
  githubUrl?: string;
  /** Never touch the network: a cache miss is an error. Defaults to HF_HUB_OFFLINE=1 or PASSK_OFFLINE=1. */
  offline?: boolean;
  /** Hugging Face token for gated or private datasets; defaults to HF_TOKEN. */
  token?: string;
  /** Injected for tests. */
  fetch?: typeof fetch;
}

export interface LoadedDataset {
  rows: Record<string, unknown>[];
  /** The file the rows were read from (absolute path). */
  file: string;
  /** sha256 of that file's bytes, hex. */
  sha256: string;
  source: 'local' | 'cache' | 'hub';
  /** The Hub revision, when the file came from the Hub or its cache. */
  revision?: string;
}
