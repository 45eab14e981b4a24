// The deployment recipes against what is tested and documented (prisma-free-docs/deployment.md).
// `docker build` is not run here (no Docker on these machines), so the Dockerfile's steps are held
// to the ones the browser tests run: `npm run build` writes and completes the standalone server,
// and the second Firebase-mode server of the suite runs its server.js bound as the image binds it.
// And every setting in apphosting.yaml is one the server reads, valid, with its secrets kept
// secret, and explained in deployment.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, parseEnv } from '@/server/env';

const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const dockerfile = read('Dockerfile');
const deployment = read('prisma-free-docs/deployment.md');
const launcher = read('scripts/firebase-e2e-server.mjs');

/** The Dockerfile's instructions of one stage (the build's, or the image's), comments dropped. */
function stage(index: number): string[] {
  const stages = dockerfile
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .join('\n')
    .split(/^FROM /m)
    .slice(1);
  return stages[index]!.split('\n').map((line) => line.trim());
}

interface AppHostingEnv {
  variable: string;
  value?: string;
  secret?: string;
  availability?: string[];
}
const appHosting = parse(read('apphosting.yaml')) as { runConfig: Record<string, number>; env: AppHostingEnv[] };

/** The secrets: a deployment takes them from Secret Manager, never from a file in the repository. */
const SECRETS = ['PASS_SIGNING_KEY', 'TICKET_SIGNING_KEY', 'CRON_SECRET', 'SMTP_URL'];
/** Cloud Run's default request timeout, which App Hosting's recipe cannot change. */
const CLOUD_RUN_DEFAULT_TIMEOUT_SECONDS = 300;

describe('the container recipe', () => {
  it('installs from the lock file and builds with the build script the tests build with', () => {
    const build = stage(0);
    expect(build).toContain('RUN npm ci');
    expect(build).toContain('RUN npm run build');
    expect(build.indexOf('RUN npm ci')).toBeLessThan(build.indexOf('RUN npm run build'));
    // The build script writes the standalone server and puts its static files beside it.
    expect(JSON.parse(read('package.json')).scripts.build).toMatch(/next build && .*node scripts\/standalone\.mjs$/);
  });

  it('holds only the standalone server, and starts it as the tests’ second server is started', () => {
    const image = stage(1);
    expect(image).toContain('COPY --from=build --chown=node:node /app/.next/standalone ./');
    expect(image.filter((line) => line.startsWith('COPY'))).toHaveLength(1);
    expect(image).toContain('CMD ["node", "server.js"]');
    expect(image).toContain('USER node');
    expect(image).toContain('ENV PORT=8080 HOSTNAME=0.0.0.0');
    // scripts/firebase-e2e-server.mjs --standalone: the same file, bound the same way.
    expect(launcher).toContain("'.next/standalone/server.js'");
    expect(launcher).toContain("HOSTNAME: '0.0.0.0'");
    expect(read('playwright.config.ts')).toMatch(/firebase-e2e-server\.mjs \$\{SECOND_PORT\} --standalone --join/);
  });

  it('runs the image on the Node the tests run on', () => {
    const node = /^FROM node:(\d+)-/m.exec(dockerfile)?.[1];
    expect(Number(node)).toBe(Number(process.versions.node.split('.')[0]));
  });
});

describe('apphosting.yaml', () => {
  const settings = Object.keys(EnvSchema.in.shape);

  it('sets only settings the server reads, each once', () => {
    const names = appHosting.env.map((entry) => entry.variable);
    expect(names.filter((name) => !settings.includes(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('takes every secret from Secret Manager and nothing else from there', () => {
    for (const entry of appHosting.env) {
      if (SECRETS.includes(entry.variable)) expect(entry, entry.variable).toMatchObject({ secret: expect.any(String) });
      else expect(entry.secret, entry.variable).toBeUndefined();
    }
  });

  it('is a valid environment for the Firebase backend once its secrets are there', () => {
    const values = Object.fromEntries(appHosting.env.map((entry) => [entry.variable, entry.value]));
    const secrets = { PASS_SIGNING_KEY: 'a'.repeat(43), TICKET_SIGNING_KEY: 'b'.repeat(43), CRON_SECRET: 'c'.repeat(40), SMTP_URL: 'smtps://user:secret@smtp.example:465' };
    const env = parseEnv({ ...values, ...secrets });
    expect(env).toMatchObject({ BACKEND: 'firebase', BACKGROUND_WORK: 'scheduler', TRUST_APP_HOSTING_CLIENT_IP: true });
    // A stream ends by itself before the platform cuts it.
    expect(env.LIVE_STREAM_MAX_SECONDS).toBeLessThan(CLOUD_RUN_DEFAULT_TIMEOUT_SECONDS);
    // The build writes absolute links too.
    expect(appHosting.env.find((entry) => entry.variable === 'SITE_URL')?.availability).toEqual(['BUILD', 'RUNTIME']);
  });

  it('is explained, setting by setting, in deployment.md', () => {
    for (const key of Object.keys(appHosting.runConfig)) expect(deployment, `runConfig.${key}`).toContain(`\`runConfig.${key}\``);
    for (const { variable } of appHosting.env) expect(deployment, variable).toContain(`\`${variable}`);
  });
});

describe('the Cloud Run command in deployment.md', () => {
  const command = /gcloud run deploy venue[\s\S]*?```/.exec(deployment)?.[0] ?? '';

  it('names only settings the server reads, and every flag is explained', () => {
    expect(command).not.toBe('');
    const settings = Object.keys(EnvSchema.in.shape);
    const named = [...command.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((match) => match[1]!);
    expect(named.filter((name) => !settings.includes(name))).toEqual([]);
    for (const [flag] of command.matchAll(/--[a-z-]+/g)) {
      if (flag === '--image' || flag === '--region' || flag === '--allow-unauthenticated' || flag === '--set-env-vars') continue;
      expect(deployment.split(command).join(''), flag).toContain(`\`${flag}`);
    }
  });

  it('keeps every stream inside the request timeout it sets', () => {
    const timeout = Number(/--timeout=(\d+)/.exec(command)?.[1]);
    const stream = Number(/LIVE_STREAM_MAX_SECONDS=(\d+)/.exec(command)?.[1]);
    expect(stream).toBeLessThan(timeout);
  });
});
