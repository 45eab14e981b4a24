// Puts the QR decoder's WebAssembly (zxing-wasm's reader) into public/zxing/, so the app serves
// it itself (never a CDN) and the service worker precaches it with the build. Runs after every
// install; the copy is not committed (.gitignore).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
mkdirSync(join(root, 'public', 'zxing'), { recursive: true });
copyFileSync(source, join(root, 'public', 'zxing', 'zxing_reader.wasm'));
