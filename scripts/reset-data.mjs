// Resets the embedded backend: deletes DATA_DIR (documents, sign-in accounts, files). The next
// `npm run dev` or `npm start` writes the demo data again. Refuses while the app's Auth
// emulator is running, and in Firebase mode.
//   npm run reset
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), true);
if ((process.env.BACKEND ?? 'embedded') !== 'embedded') {
  console.error('npm run reset only resets the embedded backend; BACKEND is set to firebase.');
  process.exit(2);
}
const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const running = await fetch(`http://${host}/`).then(
  () => true,
  () => false,
);
if (running) {
  console.error(`The Auth emulator is running on ${host}: stop the app (npm run dev / npm start) first.`);
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${dataDir}. The next start writes the demo data again.`);
}
