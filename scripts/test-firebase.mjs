// `npm run test:firebase`: the Firebase adapters' contract suites against real emulators, with
// nothing skipped for the stand-in's gaps and the Storage suite included. Uses the emulators named
// by FIRESTORE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST when both are set; otherwise starts
// Auth, Firestore and Storage emulators for the run (firebase-tools: needs Java 21 and, the first
// time, a network to download them).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const suites = ['src/server/documents/firestore', 'src/server/files/firebase', 'src/features/images/live-feeds.firestore.test.ts'];
const vitest = ['node_modules/.bin/vitest', 'run', ...suites];
const env = { ...process.env, FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-venue', METADATA_SERVER_DETECTION: 'none' };

const result =
  process.env.FIRESTORE_EMULATOR_HOST && process.env.FIREBASE_STORAGE_EMULATOR_HOST
    ? spawnSync(resolve(vitest[0]), vitest.slice(1), { stdio: 'inherit', env })
    : spawnSync(
        resolve('node_modules/.bin/firebase'),
        ['emulators:exec', '--config', 'firebase/firebase.json', '--project', env.FIREBASE_PROJECT_ID, '--only', 'auth,firestore,storage', vitest.join(' ')],
        { stdio: 'inherit', env },
      );
process.exit(result.status ?? 1);
