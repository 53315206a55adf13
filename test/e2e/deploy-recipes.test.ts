/**
 * deploy/: the manifests parse (PyYAML, Debian's python3-yaml) and say what passk serve needs;
 * the Slurm script passes `bash -n`; the Dockerfile copies paths that exist. Docker and a cluster
 * are not available here: nothing is built or applied.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

const K8S = join(repoRoot, 'deploy/kubernetes');
// biome-ignore lint/suspicious/noExplicitAny: parsed manifests, checked field by field
type Doc = Record<string, any>;

function manifests(): Doc[] {
  const files = readdirSync(K8S)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(K8S, f));
  const script = join(repoRoot, 'test/fixtures/deploy/yaml_to_json.py');
  const out = execFileSync('/usr/bin/python3', [script, ...files], { encoding: 'utf8' });
  return Object.values(JSON.parse(out) as Record<string, Doc[]>).flat();
}

const byKind = (docs: Doc[], kind: string) => docs.filter((d) => d['kind'] === kind);

describe('deploy/kubernetes', () => {
  const docs = manifests();

  it('serve: image, port 8080, probes on /healthz, a token from a Secret, no privileged mode', () => {
    const [deployment] = byKind(docs, 'Deployment');
    const container = deployment!['spec']['template']['spec']['containers'][0];
    expect(container.image).toMatch(/passk/);
    expect(container.ports[0].containerPort).toBe(8080);
    expect(container.readinessProbe.httpGet.path).toBe('/healthz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.env[0]).toMatchObject({ name: 'PASSK_SERVE_TOKEN' });
    expect(container.securityContext.privileged).toBe(false);
    expect(container.securityContext.capabilities.add).toContain('SYS_ADMIN');
    const [service] = byKind(docs, 'Service');
    expect(service!['spec']['ports'][0].port).toBe(8080);
  });

  it('the HPA scales on the queue gauge passk serve exports', () => {
    const [hpa] = byKind(docs, 'HorizontalPodAutoscaler');
    const name = hpa!['spec']['metrics'][0].pods.metric.name as string;
    const metrics = readFileSync(join(repoRoot, 'src/serve/metrics.ts'), 'utf8');
    expect(metrics).toContain(`metric('${name}', 'gauge'`);
  });

  it('the batch Job is Indexed and shards by the completion index', () => {
    const [job] = byKind(docs, 'Job');
    expect(job!['spec']['completionMode']).toBe('Indexed');
    const args = job!['spec']['template']['spec']['containers'][0].args.join(' ');
    expect(args).toContain('--shard "$JOB_COMPLETION_INDEX/8"');
  });
});

describe('deploy/ scripts', () => {
  it('the Slurm script passes bash -n', () => {
    execFileSync('bash', ['-n', join(repoRoot, 'deploy/slurm/passk-evaluate.sbatch')]);
  });

  it("the Dockerfile's COPY sources exist", () => {
    const text = readFileSync(join(repoRoot, 'deploy/Dockerfile'), 'utf8');
    const sources = [...text.matchAll(/^COPY (.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '));
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(existsSync(join(repoRoot, source)), source).toBe(true);
  });
});
