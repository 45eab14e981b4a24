// What the account journal costs (decision 029): the time of one snapshot (read every account from
// the Auth emulator, write them atomically with fsync) with N accounts, the launcher's CPU time for
// it, and a sign-up's time through the journal against straight to the emulator. Prints figures;
// asserts nothing. Starts its own emulator on BENCH_EMULATOR_HOST (default 127.0.0.1:9830; it also
// takes the next two ports).
//   npm run bench:accounts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { accountJournal } from '../account-journal.mjs';

const host = process.env.BENCH_EMULATOR_HOST ?? '127.0.0.1:9830';
const [hostname, port] = host.split(':');
const projectId = 'demo-bench';
const dir = mkdtempSync(join(tmpdir(), 'bench-accounts-'));
const config = join(dir, 'firebase.json');
const emulatorPort = Number(port);
writeFileSync(
  config,
  JSON.stringify({ emulators: { singleProjectMode: true, auth: { host: hostname, port: emulatorPort }, hub: { host: hostname, port: emulatorPort + 1 }, logging: { host: hostname, port: emulatorPort + 2 }, ui: { enabled: false } } }),
);
const emulator = spawn(resolve('node_modules/.bin/firebase'), ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config], { cwd: dir, stdio: 'ignore', env: { ...process.env, TMPDIR: dir }, detached: true });
const fmt = (n, digits = 1) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function until(check) {
  for (let i = 0; i < 600; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The Auth emulator did not start.');
}

async function signUpTime(base, count) {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `s${Math.random().toString(36).slice(2)}@example.org`, password: 'correct-horse-7', returnSecureToken: true }),
    });
    if (!response.ok) throw new Error(await response.text());
  }
  return (performance.now() - started) / count;
}

try {
  await until(async () => (await fetch(`http://${host}/`)).ok);
  const journal = accountJournal({ upstream: host, projectId, authDir: join(dir, 'auth') });
  const proxy = await journal.proxy('127.0.0.1', 0);
  const through = `http://127.0.0.1:${proxy.address().port}`;
  console.log(`Ran on: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, the Auth emulator and the account journal in this process's children, temporary files in ${tmpdir()}.`);
  console.log('Account journal (snapshot = read every account, write atomically with fsync)');
  let total = 0;
  for (const target of [100, 1000, 5000]) {
    const users = Array.from({ length: target - total }, (_, i) => ({ localId: `bench-${total + i}`, email: `bench-${total + i}@example.org`, rawPassword: 'correct-horse-7', displayName: `Bench ${total + i}` }));
    for (let start = 0; start < users.length; start += 500) {
      const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`, {
        method: 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ users: users.slice(start, start + 500) }),
      });
      if (!response.ok) throw new Error(await response.text());
    }
    total = target;
    const ROUNDS = 10;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) {
      // A change each round, so every snapshot is written (not skipped by its digest).
      await signUpTime(`http://${host}`, 1);
      await journal.snapshot();
    }
    const wall = (performance.now() - started) / ROUNDS;
    const used = process.cpuUsage(cpu);
    total += ROUNDS;
    const direct = await signUpTime(`http://${host}`, 20);
    const journaled = await signUpTime(through, 20);
    total += 40;
    console.log(
      `  ${fmt(target, 0)} accounts: snapshot ${fmt(wall)} ms (launcher CPU ${fmt((used.user + used.system) / 1000 / ROUNDS)} ms); sign-up ${fmt(direct)} ms straight, ${fmt(journaled)} ms through the journal`,
    );
  }
  proxy.close();
} finally {
  process.kill(-emulator.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
