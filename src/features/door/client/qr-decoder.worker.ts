// Decodes QR codes off the page's main thread: the scanner posts one camera frame (the centre
// crop, as ImageData) at a time and gets the text back, or null. zxing-wasm's reader, its
// WebAssembly served by the app from /zxing/ (never a CDN), under an address that names its
// version, and kept by the service worker once a scanner has used it (decision 040).
import { prepareZXingModule, readBarcodes, ZXING_WASM_SHA256 } from 'zxing-wasm/reader';
import { scannerDecoderUrl } from '@/features/pwa/worker-files';
import { QR_READER_OPTIONS } from './qr-reading';

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? scannerDecoderUrl(ZXING_WASM_SHA256) : prefix + path) },
});

export interface DecodeRequest {
  id: number;
  image: ImageData;
}

export interface DecodeAnswer {
  id: number;
  text: string | null;
  ms: number;
  error?: string;
}

self.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, image } = event.data;
  const started = performance.now();
  try {
    const [first] = await readBarcodes(image, QR_READER_OPTIONS);
    self.postMessage({ id, text: first?.isValid ? first.text : null, ms: performance.now() - started } satisfies DecodeAnswer);
  } catch (error) {
    self.postMessage({ id, text: null, ms: performance.now() - started, error: String(error) } satisfies DecodeAnswer);
  }
};
